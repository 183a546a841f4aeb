// POST meter/meterBase/import: bases from an .xlsx whose first three columns are body code, period ('YYYY-MM') and
// end reading (the header row is skipped, so the sheet may be in either language). Each row is its own transaction:
// a bad row is answered with its sheet row number and reason, the good rows are kept. Synchronous: a base sheet is
// at most IMPORT_MAX_ROWS short rows.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ErrorBody, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import { METER_BASE_PATHS, MeterBaseImportReply, PERIOD_PATTERN } from '@waterops/shared/reading';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../../plugins/errors.ts';
import type { ServicePlugin } from '../../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../../log/operationLogRepository.ts';
import { looksLikeXlsx } from '../../resource/sheetCells.ts';
import { readFirstSheet } from '../../resource/xlsxSheet.ts';
import { importBase, meterByCode, meterScope } from './meterBaseRepository.ts';

const PERIOD = new RegExp(PERIOD_PATTERN);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export type ImportRouteOptions = { now: () => Date };

export const meterBaseImportRoute: ServicePlugin<ImportRouteOptions> = async (app, { now }) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  const readUpload = async (request: FastifyRequest): Promise<Buffer> => {
    if (!request.isMultipart()) throw badRequest('file');
    const part = await request.file();
    if (part?.fieldname !== 'file') throw badRequest('file');
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(400, 'import.tooLarge', 'file');
      throw e;
    }
    if (!looksLikeXlsx(content)) throw new AppError(400, 'import.notXlsx', 'file');
    return content;
  };

  app.route({
    method: 'POST',
    url: METER_BASE_PATHS.import.slice('/api-workbench'.length),
    config: {
      permission: PERMISSIONS.readingBaseCheckEdit,
      alsoPermitted: [PERMISSIONS.readingMeterBaseEdit],
      operation: 'meterBaseImport',
    },
    validatorCompiler: () => () => true,
    schema: {
      tags: ['meterBase'],
      summary: `Import bases from an .xlsx (multipart field \`file\`; columns body code, period, end reading; ≤ ${IMPORT_MAX_ROWS} rows)`,
      consumes: ['multipart/form-data'],
      body: Type.Object({ file: Type.String({ format: 'binary' }) }),
      response: { 200: Result(MeterBaseImportReply), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const content = await readUpload(request);
      let sheet: Awaited<ReturnType<typeof readFirstSheet>>;
      try {
        sheet = await readFirstSheet(content);
      } catch {
        throw new AppError(400, 'import.notXlsx', 'file');
      }
      if (sheet.rows.length > IMPORT_MAX_ROWS) throw badRequest('file');
      const scope = meterScope(me.scope);
      const at = now();
      const failed: { index: number; meterCode: string; message: string }[] = [];
      const fail = (index: number, meterCode: string, key: MessageKey, params: Record<string, string>) =>
        failed.push({ index, meterCode, message: request.t(key, params) });
      let imported = 0;
      for (const { row, cells } of sheet.rows) {
        const [code = '', period = '', reading = ''] = cells.map((c) => c.trim());
        if (!PERIOD.test(period)) {
          fail(row, code, 'meterBase.import.badPeriod', { value: period });
          continue;
        }
        const end = Number(reading);
        if (reading === '' || !Number.isFinite(end) || end < 0) {
          fail(row, code, 'meterBase.import.badReading', { value: reading });
          continue;
        }
        const meter = code ? await meterByCode(app.db, me.companyId, code, scope) : undefined;
        if (!meter) {
          fail(row, code, 'meterBase.import.noMeter', { code });
          continue;
        }
        await app.db.transaction().execute((tx) => importBase(tx, me.companyId, meter, period, end, at));
        imported++;
      }
      await recordRequestOperation(app.db, request, me, {
        operation: 'meterBaseImport',
        detail: `${imported} imported, ${failed.length} failed`,
        at,
      });
      return ok({ imported, failed }, request.t('common.success'));
    },
  });
};
