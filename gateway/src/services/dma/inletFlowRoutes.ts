// /api-workbench dma/inletFlow: import a CSV of inlet (or outlet) flow samples for a district's meter (POST import,
// multipart field `file`) and download the template (GET template). The samples land in inlet_flows, which the
// analysis prefers over flows derived from register reads for the days they cover; the covered days are analysed
// again at once.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { DMA_PATHS, InletFlowImport } from '@waterops/shared/dma';
import { closingDay, daysBetween } from '@waterops/shared/reading';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { INLET_FLOW_MAX_BYTES, INLET_FLOW_TEMPLATE, type InletFlowLine, parseInletFlowCsv } from './inletFlowImport.ts';
import { analyseTenant } from './nightFlowAnalysis.ts';
import { districtMeters, upsertInletFlows } from './nightFlowRepository.ts';
import { districtOr404, NIGHT_FLOW_MAX_DAYS } from './nightFlowRoutes.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A positive integer query value, or undefined when absent; anything else is a 400 on that field. */
const idParam = (value: unknown, field: string, required: boolean): number | undefined => {
  if (value === undefined || value === '') {
    if (required) throw badRequest(field);
    return undefined;
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(field);
  return n;
};

export const inletFlowRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  await app.register(multipart, { limits: { fileSize: INLET_FLOW_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  const readUpload = async (request: FastifyRequest): Promise<string> => {
    if (!request.isMultipart()) throw badRequest('file');
    const part = await request.file();
    if (part?.fieldname !== 'file') throw badRequest('file');
    try {
      return (await part.toBuffer()).toString('utf8');
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(400, 'dmaAnalysis.import.tooLarge', 'file');
      throw e;
    }
  };

  app.get(
    path(DMA_PATHS.inletFlowTemplate),
    {
      config: { permission: PERMISSIONS.dmaAnalysisEdit },
      schema: {
        tags: ['dma'],
        summary: 'The inlet-flow CSV template',
        response: {
          200: { description: 'the CSV template', content: { 'text/csv': { schema: Type.String() } } },
          401: ErrorBody,
          403: ErrorBody,
        },
      },
    },
    async (_request, reply) =>
      (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="inlet-flow-template.csv"')
        .send(`\uFEFF${INLET_FLOW_TEMPLATE}`),
  );

  app.route({
    method: 'POST',
    url: path(DMA_PATHS.inletFlowImport),
    config: { permission: PERMISSIONS.dmaAnalysisEdit, operation: 'dmaInletFlowImport' },
    // the multipart body is read by the handler (cut off at the size limit, never buffered whole first); the two
    // query values are checked by hand since this validator passes everything
    validatorCompiler: () => () => true,
    schema: {
      tags: ['dma'],
      summary:
        'Import inlet flow (multipart field `file`: CSV time,flow[,meterCode]; 1–60 min; ≤ 20 MB, 200,000 lines)',
      consumes: ['multipart/form-data'],
      querystring: Type.Object({
        districtId: Type.Integer({ minimum: 1 }),
        meterId: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
      body: Type.Object({ file: Type.String({ format: 'binary' }) }),
      response: { 200: Result(InletFlowImport), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const query = request.query as Record<string, unknown>;
      const districtId = idParam(query.districtId, 'districtId', true) as number;
      const meterId = idParam(query.meterId, 'meterId', false);
      const district = await districtOr404(app.db, me.companyId, districtId, me.scope);
      const measuring = (await districtMeters(app.db, me.companyId, [districtId])).filter(
        (m) => m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet,
      );
      const inlets = measuring.filter((m) => m.role === DISTRICT_METER_ROLE.inlet);
      if (meterId !== undefined && !measuring.some((m) => m.meterId === meterId)) throw badRequest('meterId');
      const content = await readUpload(request);
      const parsed = parseInletFlowCsv(content);
      if (!parsed.ok) throw new AppError(400, parsed.key, 'file', parsed.params);

      // the meter of a line: its own code, else the meterId asked, else the district's only inlet
      const byCode = new Map(measuring.map((m) => [m.meterCode, m.meterId]));
      const fallback = meterId ?? (inlets.length === 1 ? inlets[0]?.meterId : undefined);
      if (fallback === undefined && parsed.rows.some((r) => r.meterCode === null))
        throw new AppError(400, inlets.length === 0 ? 'dmaAnalysis.noInlet' : 'dmaAnalysis.chooseInlet', 'meterId');
      const failed = parsed.failed.map((f) => ({ line: f.line, message: request.t(f.key, f.params) }));
      const perMeter = new Map<number, InletFlowLine[]>();
      for (const r of parsed.rows) {
        const id = r.meterCode === null ? fallback : byCode.get(r.meterCode);
        if (id === undefined) {
          failed.push({ line: r.line, message: request.t('dmaAnalysis.import.noMeter', { code: r.meterCode ?? '' }) });
          continue;
        }
        const list = perMeter.get(id);
        if (list) list.push(r);
        else perMeter.set(id, [r]);
      }
      failed.sort((a, b) => a.line - b.line);
      const at = now();
      let imported = 0;
      let first: Date | null = null;
      let last: Date | null = null;
      await app.db.transaction().execute(async (tx) => {
        for (const [id, rows] of perMeter) {
          await upsertInletFlows(tx, me.companyId, id, rows, at);
          imported += rows.length;
          for (const r of rows) {
            if (!first || r.at < first) first = r.at;
            if (!last || r.at > last) last = r.at;
          }
        }
      });
      const from = first as Date | null;
      const to = last as Date | null;
      if (from && to) {
        // the covered days (at most a year of them: an older tail stays stored, the job's full run picks it up)
        const days = daysBetween(closingDay(from), closingDay(to)).slice(-NIGHT_FLOW_MAX_DAYS);
        await analyseTenant(app.db, me.companyId, at, { districtId, from: days[0], to: days.at(-1) });
      }
      await recordRequestOperation(app.db, request, me, {
        operation: 'dmaInletFlowImport',
        detail: `${district.name}: ${imported} imported, ${failed.length} failed`,
        at,
      });
      return ok(
        {
          imported,
          failed,
          intervalMinutes: parsed.intervalMinutes,
          from: from ? from.toISOString() : null,
          to: to ? to.toISOString() : null,
        },
        request.t('common.success'),
      );
    },
  });
};
