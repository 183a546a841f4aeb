// /api-file: uploading an avatar as the personal-center dialog does, and reading it back as an <img> does. Images
// only (judged by content), under 2 MB, stored per tenant in the configured store (WATEROPS_FILE_STORE: on disk under
// the data dir on PGlite, in the database on PostgreSQL); refusals store nothing. The database store serves a file
// from any instance on the same database, and after a restart.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertFile } from '@waterops/gateway/src/services/file/fileRepository.ts';
import { databaseFileStore } from '@waterops/gateway/src/services/file/fileStore.ts';
import { translate } from '@waterops/shared/i18n';
import { MAX_IMAGE_BYTES } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { FAKE_PNG, GIF_1PX, JPEG_HEAD, PNG_1PX, pngOfSize, SVG_IMAGE, WEBP_HEAD } from '../fixtures/images.ts';
import { zh } from '../fixtures/messages.ts';
import { type FilePart, multipartBody } from '../fixtures/multipart.ts';
import { createTestDatabase, startTestApp, type TestApp, type TestDatabase } from '../fixtures/testApp.ts';

let t: TestApp;
let database: TestDatabase;
let dataDir: string;
let companyId: number;
let admin: string;
let viewer: TestUser;
/** where the disk store keeps files: `<WATEROPS_DATA_DIR>/files` */
let filesRoot: string;

beforeAll(async () => {
  // A real data folder (PGlite in it too, unless DATABASE_URL is set), so the test can look at the stored files.
  dataDir = await mkdtemp(join(tmpdir(), 'waterops-file-test-'));
  filesRoot = join(dataDir, 'files');
  database = await createTestDatabase({ migrated: true });
  t = await startTestApp({ database, env: { WATEROPS_DATA_DIR: dataDir } });
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  viewer = await createUserWithPermissions(t.app, companyId, ['user:profile:view']);
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

const upload = (part: FilePart, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') => {
  const { payload, headers } = multipartBody(part);
  return t.app.inject({
    method: 'POST',
    url: '/api-file/files-anon',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}), ...lang(locale) },
  });
};

const fileCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every file on disk under the data folder, as `<companyId>/<id>`. */
const filesOnDisk = async (): Promise<string[]> => {
  const found: string[] = [];
  for (const dir of await readdir(filesRoot).catch(() => [] as string[]))
    for (const f of await readdir(join(filesRoot, dir))) found.push(`${dir}/${f}`);
  return found.sort();
};

/** Every file the configured store holds, as `<companyId>/<id>`. */
const filesStored = async (): Promise<string[]> => {
  if (t.config.WATEROPS_FILE_STORE === 'disk') return filesOnDisk();
  const rows = await t.app.db.selectFrom('file_contents').select(['company_id', 'id']).execute();
  return rows.map((r) => `${r.company_id}/${r.id}`).sort();
};

/** The bytes the configured store holds for a file. */
const storedContent = async (companyId: number, id: string): Promise<Buffer> => {
  if (t.config.WATEROPS_FILE_STORE === 'disk') return readFile(join(filesRoot, String(companyId), id));
  const row = await t.app.db
    .selectFrom('file_contents')
    .select('content')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.content);
};

describe('POST /api-file/files-anon', () => {
  it('stores a PNG for the uploader’s tenant and returns where it is served', async () => {
    const res = await upload({ filename: 'avatar.png', contentType: 'image/png', content: PNG_1PX }, admin);
    expect(res.statusCode).toBe(200);
    const { datas } = res.json();
    expect(datas).toMatchObject({ name: 'avatar.png', contentType: 'image/png', size: PNG_1PX.length });
    expect(datas.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(datas.url).toBe(`/api-file/files/${datas.id}`);

    const row = await t.app.db.selectFrom('files').selectAll().where('id', '=', datas.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      company_id: companyId,
      name: 'avatar.png',
      content_type: 'image/png',
      size: PNG_1PX.length,
    });
    expect(await storedContent(companyId, datas.id)).toEqual(PNG_1PX);

    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('operation', '=', 'fileUpload')
      .executeTakeFirstOrThrow();
    expect(log.detail).toBe('avatar.png');
  });

  it.each([
    ['photo.jpg', JPEG_HEAD, 'image/jpeg'],
    ['anim.gif', GIF_1PX, 'image/gif'],
    ['pic.webp', WEBP_HEAD, 'image/webp'],
    // The declared type does not matter, the content does.
    ['mislabelled.bin', PNG_1PX, 'image/png'],
  ])('accepts %s as %s judged by its content', async (filename, content, type) => {
    const res = await upload({ filename, contentType: 'application/octet-stream', content }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().datas.contentType).toBe(type);
  });

  it('keeps only the base name of a path-like file name', async () => {
    const res = await upload({ filename: '../../etc/passwd.png', contentType: 'image/png', content: PNG_1PX }, admin);
    expect(res.json().datas.name).toBe('passwd.png');
  });

  it.each([
    [
      'a text file posing as a PNG',
      { filename: 'x.png', contentType: 'image/png', content: FAKE_PNG },
      'rules.upload.notImage',
    ],
    [
      'an SVG (it can carry script)',
      { filename: 'x.svg', contentType: 'image/svg+xml', content: SVG_IMAGE },
      'rules.upload.notImage',
    ],
    [
      'an image of exactly 2 MB',
      { filename: 'big.png', contentType: 'image/png', content: pngOfSize(MAX_IMAGE_BYTES) },
      'rules.upload.tooLarge',
    ],
    [
      'an image of 3 MB',
      { filename: 'big.png', contentType: 'image/png', content: pngOfSize(3 * 1024 * 1024) },
      'rules.upload.tooLarge',
    ],
  ] as const)('refuses %s with 400 and the upload message, storing nothing', async (_what, part, key) => {
    const rows = await fileCount();
    const stored = await filesStored();
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await upload({ ...part }, admin, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resp_code: 400, resp_msg: translate(key, locale), field: 'file' });
    }
    expect(await fileCount()).toBe(rows);
    expect(await filesStored()).toEqual(stored);
  });

  it('accepts an image just under 2 MB', async () => {
    const res = await upload(
      { filename: 'edge.png', contentType: 'image/png', content: pngOfSize(MAX_IMAGE_BYTES - 1) },
      admin,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().datas.size).toBe(MAX_IMAGE_BYTES - 1);
  });

  it('uses the spec’s message for an oversized image', () => {
    expect(translate('rules.upload.tooLarge', 'en')).toBe('The size of the uploaded picture cannot exceed 2MB!');
  });

  it('refuses a request without the file field, or not multipart, with 400 naming the field', async () => {
    const rows = await fileCount();
    const wrongField = await upload(
      { field: 'avatar', filename: 'a.png', contentType: 'image/png', content: PNG_1PX },
      admin,
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({
      resp_code: 400,
      resp_msg: zh('errors.badRequest', { field: 'file' }),
      field: 'file',
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api-file/files-anon',
      payload: { file: 'x' },
      headers: bearer(admin),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().field).toBe('file');
    expect(await fileCount()).toBe(rows);
  });

  it('answers 401 without a token and 403 without file:upload, storing nothing', async () => {
    const rows = await fileCount();
    const none = await upload({ filename: 'a.png', contentType: 'image/png', content: PNG_1PX });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ resp_code: 401, resp_msg: zh('errors.unauthorized') });
    const denied = await upload({ filename: 'a.png', contentType: 'image/png', content: PNG_1PX }, viewer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ resp_code: 403, resp_msg: zh('errors.forbidden') });
    expect(await fileCount()).toBe(rows);
  });

  it('files another tenant’s upload under that tenant', async () => {
    const other = await createSecondTenant(t.app);
    const token = await signIn(t.app, other.adminUsername, other.password);
    const res = await upload({ filename: 'theirs.gif', contentType: 'image/gif', content: GIF_1PX }, token);
    const row = await t.app.db
      .selectFrom('files')
      .selectAll()
      .where('id', '=', res.json().datas.id)
      .executeTakeFirstOrThrow();
    expect(row.company_id).toBe(other.companyId);
    expect(await filesStored()).toContain(`${other.companyId}/${row.id}`);
  });
});

describe('GET /api-file/files/{id}', () => {
  it('serves the stored bytes publicly (an <img> sends no token) with its type, nosniff and a long cache', async () => {
    const { datas } = (await upload({ filename: 'a.gif', contentType: 'image/gif', content: GIF_1PX }, admin)).json();
    const res = await t.app.inject({ method: 'GET', url: datas.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(GIF_1PX);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // issue 17: shown inline under its name, and never a page of ours: the upload's own CSP wins over the app's
    expect(res.headers['content-disposition']).toBe(`inline; filename="a.gif"; filename*=UTF-8''a.gif`);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('names a served file safely: an ASCII fallback and the exact name in UTF-8', async () => {
    const name = '水表 照片%.png';
    const { datas } = (await upload({ filename: name, contentType: 'image/png', content: PNG_1PX }, admin)).json();
    const res = await t.app.inject({ method: 'GET', url: datas.url });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="__ ___.png"; filename*=UTF-8''%E6%B0%B4%E8%A1%A8%20%E7%85%A7%E7%89%87%25.png`,
    );
  });

  it('answers 404 for an unknown id and 400 for one that is not a UUID', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api-file/files/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ resp_code: 404, resp_msg: zh('errors.notFound') });
    const bad = await t.app.inject({ method: 'GET', url: '/api-file/files/..%2F..%2Fetc%2Fpasswd' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('id');
  });
});

describe('the store every instance reads (WATEROPS_FILE_STORE)', () => {
  it('is the database with PostgreSQL, where several instances share one, and the disk folder otherwise', () => {
    expect(t.config.WATEROPS_FILE_STORE).toBe(database.url ? 'database' : 'disk');
  });

  it('serves a file stored through one app from another on the same database, and after a restart', async () => {
    const read = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url });
    if (database.url) {
      // PostgreSQL: a second instance beside the first, with a data folder of its own: nothing on disk is shared
      const otherDir = await mkdtemp(join(tmpdir(), 'waterops-file-test-b-'));
      const second = await startTestApp({ database, env: { WATEROPS_DATA_DIR: otherDir } });
      try {
        const one = (await upload({ filename: '甲.png', contentType: 'image/png', content: PNG_1PX }, admin)).json();
        const there = await read(second, one.datas.url);
        expect(there.statusCode).toBe(200);
        expect(there.rawPayload).toEqual(PNG_1PX);
        expect(there.headers['content-type']).toBe('image/png');
        expect(there.headers['content-disposition']).toBe(`inline; filename="_.png"; filename*=UTF-8''%E7%94%B2.png`);
        // and the other way round: stored by the second (the sign-in is in the database too), served by the first
        const { payload, headers } = multipartBody({ filename: 'b.gif', contentType: 'image/gif', content: GIF_1PX });
        const two = await second.app.inject({
          method: 'POST',
          url: '/api-file/files-anon',
          payload,
          headers: { ...headers, ...bearer(admin) },
        });
        expect(two.statusCode).toBe(200);
        expect((await read(t, two.json().datas.url)).rawPayload).toEqual(GIF_1PX);
        expect(await filesOnDisk()).toEqual([]);
      } finally {
        await second.close();
        await rm(otherDir, { recursive: true, force: true });
      }
    } else {
      // PGlite belongs to one process: a file put in the database store (as the upload route would, with the store
      // and the row of the routes' own modules), then the same folder opened again with that store
      const id = randomUUID();
      await databaseFileStore(t.app.db).save(companyId, id, PNG_1PX);
      await insertFile(
        t.app.db,
        { companyId, id, userId: viewer.id, name: 'kept.png', contentType: 'image/png', size: PNG_1PX.length },
        new Date(),
      );
      await t.close();
      t = await startTestApp({ database, env: { WATEROPS_DATA_DIR: dataDir, WATEROPS_FILE_STORE: 'database' } });
      const datas = { id, url: `/api-file/files/${id}` };
      const res = await read(t, datas.url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PNG_1PX);
      expect(res.headers['content-disposition']).toBe(`inline; filename="kept.png"; filename*=UTF-8''kept.png`);
      expect(await filesStored()).toContain(`${companyId}/${datas.id}`);
      expect(await filesOnDisk()).not.toContain(`${companyId}/${datas.id}`);
    }
  }, 60_000);
});
