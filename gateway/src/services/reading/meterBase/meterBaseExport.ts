// GET meter/meterBase/list/export: the bases the list shows for the same filters (tenant, data scope) as an .xlsx
// with headers in the request language, at most EXPORT_MAX_ROWS rows; the export is logged (it reveals data).
import { Type } from '@sinclair/typebox';
import { ErrorBody, EXPORT_MAX_ROWS, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import { METER_BASE_PATHS, type MeterBase, MeterBaseQuery } from '@waterops/shared/reading';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../plugins/errors.ts';
import type { ServicePlugin } from '../../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../../log/operationLogRepository.ts';
import { contentDisposition, fileStamp } from '../../resource/sheetCells.ts';
import { writeWorkbook } from '../../resource/xlsxSheet.ts';
import { listBases, meterScope } from './meterBaseRepository.ts';
import { toMeterBase } from './meterBaseRows.ts';

const COLUMNS: [MessageKey, (b: MeterBase, t: (k: MessageKey) => string) => string | number | null][] = [
  ['sheet.meterBase.meterCode', (b) => b.meterCode],
  ['sheet.meterBase.area', (b) => b.areaName],
  ['sheet.meterBase.period', (b) => b.period],
  ['sheet.meterBase.start', (b) => b.startReading],
  ['sheet.meterBase.end', (b) => b.endReading],
  ['sheet.meterBase.consumption', (b) => b.consumption],
  ['sheet.meterBase.quality', (b) => b.quality],
  ['sheet.meterBase.check', (b, t) => t(`sheet.meterBase.check${b.checkState}` as MessageKey)],
  ['sheet.meterBase.checkMessage', (b) => b.checkMessage],
];

const ExportQuery = Type.Omit(MeterBaseQuery, ['page', 'limit']);

export type ExportRouteOptions = { now: () => Date };

export const meterBaseExportRoute: ServicePlugin<ExportRouteOptions> = async (app, { now }) => {
  app.get(
    METER_BASE_PATHS.export.slice('/api-workbench'.length),
    {
      config: { permission: PERMISSIONS.readingMeterBaseView, alsoPermitted: [PERMISSIONS.readingBaseCheckView] },
      schema: {
        tags: ['meterBase'],
        summary: `The bases matching the list's filters as .xlsx (at most ${EXPORT_MAX_ROWS} rows)`,
        querystring: ExportQuery,
        response: {
          200: {
            description: 'the .xlsx file, headers in the request language',
            content: { [XLSX_CONTENT_TYPE]: { schema: Type.String({ format: 'binary' }) } },
          },
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const filters = request.query as Omit<MeterBaseQuery, 'page' | 'limit'>;
      const { rows, count } = await listBases(app.db, me.companyId, filters, meterScope(me.scope), 0, EXPORT_MAX_ROWS);
      if (count > EXPORT_MAX_ROWS) throw new AppError(400, 'export.tooMany', undefined, { max: EXPORT_MAX_ROWS });
      const t = (key: MessageKey) => request.t(key);
      const bases = rows.map((r) => toMeterBase(r, t));
      const at = now();
      const content = await writeWorkbook([
        {
          name: t('sheet.meterBase.file'),
          headers: COLUMNS.map(([h]) => t(h)),
          rows: bases.map((b) => COLUMNS.map(([, value]) => value(b, t))),
        },
      ]);
      await recordRequestOperation(app.db, request, me, {
        operation: 'dataExport',
        detail: `meterBase ${rows.length} rows ${JSON.stringify(filters)}`,
        at,
      });
      return (reply as FastifyReply)
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(`${t('sheet.meterBase.file')}-${fileStamp(at)}.xlsx`))
        .send(content);
    },
  );
};
