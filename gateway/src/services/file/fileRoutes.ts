// /api-file: image upload (multipart field `file`, under 2 MB, PNG/JPEG/GIF/WebP judged by content) and serving a
// stored file back. Uploads belong to the uploader's tenant; serving is public because an <img> cannot send a bearer
// token, and the random UUID in the URL is what grants access.
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { StoredFile } from '@waterops/shared/file';
import { FILE_PATHS, MAX_IMAGE_BYTES } from '@waterops/shared/user';
import type { FastifyReply } from 'fastify';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { findFileById, insertFile } from './fileRepository.ts';
import { openFileStore } from './fileStore.ts';
import { sniffImageType } from './imageType.ts';

export const FILE_PREFIX = '/api-file';
const path = (full: string) => full.slice(FILE_PREFIX.length);

const tooLarge = () => new AppError(400, 'rules.upload.tooLarge', 'file');
const notImage = () => new AppError(400, 'rules.upload.notImage', 'file');

/** A file name fit to store and show: no folders, no control characters, not too long. */
const cleanName = (name: string | undefined): string =>
  [...basename((name ?? '').replace(/\\/g, '/'))]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 200) || 'image';

/**
 * `inline` (the type was judged from the content, and images show in the page) with the stored name: an ASCII
 * fallback for old clients, the exact name in UTF-8 (RFC 6266 / 8187) for the rest. Quotes, backslashes and
 * anything outside printable ASCII never reach the quoted form, so the header cannot be broken out of.
 */
export const inlineDisposition = (name: string): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${ascii}"; filename*=UTF-8''${utf8}`;
};

export const fileRoutes: ServicePlugin<ServiceOptions> = async (app, { config, now }) => {
  const store = await openFileStore(config, app.db);
  app.addHook('onClose', () => store.close());
  // "Under 2 MB" (spec §5): a file of exactly MAX_IMAGE_BYTES is refused, so the limit is one byte less.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES - 1, files: 1, fields: 5, parts: 6 } });

  app.post(
    path(FILE_PATHS.upload),
    {
      config: { permission: PERMISSIONS.fileUpload },
      // The multipart stream is read by the handler (so an oversized file is cut off at the limit, never buffered
      // whole); the body schema is here for the API docs, and the handler does the checking.
      validatorCompiler: () => () => true,
      schema: {
        tags: ['file'],
        summary: 'Upload an image (multipart field `file`; PNG, JPEG, GIF or WebP; under 2 MB)',
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.String({ format: 'binary' }) }),
        response: { 200: Result(StoredFile), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      if (!request.isMultipart()) throw badRequest('file');
      const part = await request.file();
      if (part?.fieldname !== 'file') throw badRequest('file');
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw e;
      }
      if (content.length >= MAX_IMAGE_BYTES) throw tooLarge();
      const contentType = sniffImageType(content);
      if (!contentType) throw notImage();

      const id = randomUUID();
      const name = cleanName(part.filename);
      const at = now();
      await store.save(me.companyId, id, content);
      try {
        await insertFile(
          app.db,
          { companyId: me.companyId, id, userId: me.userId, name, contentType, size: content.length },
          at,
        );
      } catch (e) {
        await store.remove(me.companyId, id);
        throw e;
      }
      await recordRequestOperation(app.db, request, me, {
        operation: 'fileUpload',
        detail: name,
        at,
      });
      return ok({ id, name, contentType, size: content.length, url: FILE_PATHS.file(id) }, request.t('common.success'));
    },
  );

  app.get(
    '/files/:id',
    {
      config: { public: true },
      schema: {
        tags: ['file'],
        summary: 'A stored file (public: the random id is the key)',
        security: [],
        params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
        response: {
          200: { description: 'the file', content: { 'image/*': { schema: Type.String({ format: 'binary' }) } } },
          400: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const row = await findFileById(app.db, request.params.id);
      const content = row && (await store.read(row.company_id, row.id));
      if (!row || !content) throw notFound();
      // Untyped reply: the typed one only knows the JSON bodies of the response schemas, and this one is binary.
      return (reply as FastifyReply)
        .header('content-type', row.content_type)
        .header('content-disposition', inlineDisposition(row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(content);
    },
  );
};
