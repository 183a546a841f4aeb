// /api-workbench dma/inletFlow: import a CSV of inlet (or outlet) flow samples for a district's meters (POST import,
// multipart fields `columns` then `file`) and download the template (GET template). The file is read line by line
// as it arrives; the samples land in inlet_flows, which the analysis prefers over flows derived from register reads
// for the days they cover; the covered days are analysed again at once.
import { createInterface } from 'node:readline';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DMA_PATHS,
  INLET_FLOW_DEFAULT_ZONE,
  INLET_FLOW_MAX_BYTES,
  INLET_FLOW_UNITS,
  InletFlowImport,
  type InletFlowProblem,
  type InletFlowUnit,
  isTimeZone,
} from '@waterops/shared/dma';
import type { MessageKey } from '@waterops/shared/i18n';
import { chinaDay, closingDay, daysBetween } from '@waterops/shared/reading';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { INLET_FLOW_TEMPLATE, type InletFlowParse, readInletFlow, type SampleColumn } from './inletFlowImport.ts';
import { storeInletFlowSamples } from './inletFlowRepository.ts';
import { analyseTenant } from './nightFlowAnalysis.ts';
import { districtMeters } from './nightFlowRepository.ts';
import { districtOr404, NIGHT_FLOW_MAX_DAYS } from './nightFlowRoutes.ts';
import { utf8Stream } from './utf8Stream.ts';

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

/** IANA zone names are under 40 characters */
const ZONE_MAX_LENGTH = 64;
/** the mapping of a wide file of a few hundred columns, each header ≤ 100 characters */
const COLUMNS_MAX_LENGTH = 65_536;

/** The `columns` field: a wide file's header → meter id, or null to skip the column. */
const parseColumns = (text: string | undefined): Map<string, number | null> => {
  const out = new Map<string, number | null>();
  if (text === undefined || text === '') return out;
  // (multipart fields are not checked by the schema: the same bound here)
  if (text.length > COLUMNS_MAX_LENGTH) throw badRequest('columns');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('columns');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('columns');
  for (const [header, id] of Object.entries(value)) {
    if (id !== null && !(Number.isSafeInteger(id) && (id as number) >= 1)) throw badRequest('columns');
    out.set(header.trim(), id as number | null);
  }
  return out;
};

/** A file-level problem as the error to answer, its reason translated when it quotes a failed line. */
const problemError = (request: FastifyRequest, p: InletFlowProblem): AppError => {
  if (p.key !== 'dmaAnalysis.import.nothingRead') return new AppError(400, p.key, 'file', p.params);
  const { count = '0', line = '', reasonKey, ...reasonParams } = p.params;
  const reason = request.t(reasonKey as MessageKey, reasonParams);
  return new AppError(400, p.key, 'file', { count, line, reason });
};

/** China days with at least one sample (the instants are sorted). */
const coveredDays = (c: SampleColumn): number => {
  let days = 0;
  let last = '';
  for (let i = 0; i < c.n; i++) {
    const d = chinaDay(new Date(c.at[i] as number));
    if (d !== last) {
      days++;
      last = d;
    }
  }
  return days;
};

export const inletFlowRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  // fields first (the column mapping), then the file, read as it streams in
  await app.register(multipart, { limits: { fileSize: INLET_FLOW_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  const openUpload = async (request: FastifyRequest): Promise<MultipartFile> => {
    if (!request.isMultipart()) throw badRequest('file');
    const part = await request.file();
    if (part?.fieldname !== 'file') throw badRequest('file');
    return part;
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
    // the multipart body is read by the handler (line by line, cut off at the size limit, never buffered whole);
    // the query values are checked by hand since this validator passes everything
    validatorCompiler: () => () => true,
    schema: {
      tags: ['dma'],
      summary:
        'Import inlet flow (multipart: `columns` JSON {header: meterId|null} for a wide file, then `file`: CSV long ' +
        'time,flow[,meterCode] or wide time;meter…, separated by , ; or tab, decimal comma allowed; 1–60 min; ' +
        '≤ 64 MB, 1,000,000 lines, 3,000,000 values)',
      consumes: ['multipart/form-data'],
      querystring: Type.Object({
        districtId: Type.Integer({ minimum: 1 }),
        meterId: Type.Optional(Type.Integer({ minimum: 1 })),
        /** IANA zone of times without an offset; default Asia/Shanghai */
        timeZone: Type.Optional(Type.String({ default: INLET_FLOW_DEFAULT_ZONE, maxLength: ZONE_MAX_LENGTH })),
        unit: Type.Optional(Type.Union(INLET_FLOW_UNITS.map((u) => Type.Literal(u)))),
      }),
      body: Type.Object({
        columns: Type.Optional(Type.String({ maxLength: COLUMNS_MAX_LENGTH })),
        file: Type.String({ format: 'binary' }),
      }),
      response: { 200: Result(InletFlowImport), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const query = request.query as Record<string, unknown>;
      const districtId = idParam(query.districtId, 'districtId', true) as number;
      const meterId = idParam(query.meterId, 'meterId', false);
      const zone = query.timeZone === undefined || query.timeZone === '' ? INLET_FLOW_DEFAULT_ZONE : query.timeZone;
      if (typeof zone !== 'string' || !isTimeZone(zone))
        throw new AppError(400, 'dmaAnalysis.import.badZone', 'timeZone', { zone: String(zone).slice(0, 64) });
      const unit = (query.unit === undefined || query.unit === '' ? 'm3h' : query.unit) as InletFlowUnit;
      if (!INLET_FLOW_UNITS.includes(unit)) throw badRequest('unit');
      const district = await districtOr404(app.db, me.companyId, districtId, me.scope);
      const measuring = (await districtMeters(app.db, me.companyId, [districtId])).filter(
        (m) => m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet,
      );
      const inlets = measuring.filter((m) => m.role === DISTRICT_METER_ROLE.inlet);
      if (meterId !== undefined && !measuring.some((m) => m.meterId === meterId)) throw badRequest('meterId');

      const part = await openUpload(request);
      const columnsField = part.fields.columns;
      const columns = parseColumns(
        columnsField && !Array.isArray(columnsField) && columnsField.type === 'field'
          ? String(columnsField.value)
          : undefined,
      );
      const ids = new Set(measuring.map((m) => m.meterId));
      for (const id of columns.values()) if (id !== null && !ids.has(id)) throw badRequest('columns');
      const byCode = new Map(measuring.map((m) => [m.meterCode, m.meterId]));
      const byLowerCode = new Map(measuring.map((m) => [m.meterCode.toLowerCase(), m.meterId]));
      // the meter of a long file's line: its own code, else the meterId asked, else the district's only inlet
      const fallback = meterId ?? (inlets.length === 1 ? inlets[0]?.meterId : undefined);

      // a body cut off mid-file: the parser may have destroyed the part before we got it
      if (part.file.destroyed && !part.file.readableEnded) throw badRequest('file');
      // UTF-8 or GB18030 (a CSV saved by Excel on Chinese Windows), as UTF-8 lines
      const text = utf8Stream(part.file);
      const lines = createInterface({ input: text, crlfDelay: Number.POSITIVE_INFINITY });
      // readline does not pass on its input's errors: a body cut off later would leave it waiting for ever (a body
      // read to its end ends the lines by itself, once the decoder has passed on its last ones)
      let broken = false;
      const stop = () => {
        broken = !part.file.readableEnded;
        if (broken) lines.close();
      };
      part.file.once('error', stop);
      part.file.once('close', stop);
      let parsed: InletFlowParse;
      try {
        parsed = await readInletFlow(lines, {
          zone,
          unit,
          targets: {
            column: (header) =>
              columns.has(header) ? columns.get(header) : (byCode.get(header) ?? byLowerCode.get(header.toLowerCase())),
            code: (code) => (code === null ? fallback : byCode.get(code)),
            noMeter: { key: inlets.length === 0 ? 'dmaAnalysis.noInlet' : 'dmaAnalysis.chooseInlet', params: {} },
          },
        });
      } finally {
        lines.close();
      }
      if (part.file.truncated) throw new AppError(400, 'dmaAnalysis.import.tooLarge', 'file');
      if (broken) throw badRequest('file');
      if (!parsed.ok) {
        // a refused file stops being read: let the rest of the upload pass
        part.file.unpipe(text);
        part.file.resume();
        throw problemError(request, parsed);
      }

      const at = now();
      let imported = 0;
      let from: number | null = null;
      let to: number | null = null;
      const codeOf = new Map(measuring.map((m) => [m.meterId, m.meterCode]));
      const meters: InletFlowImport['meters'] = [];
      await app.db.transaction().execute(async (tx) => {
        for (const [id, samples] of parsed.meters) {
          if (samples.n === 0) continue;
          await storeInletFlowSamples(tx, me.companyId, id, samples, at);
          imported += samples.n;
          const first = samples.at[0] as number;
          const last = samples.at[samples.n - 1] as number;
          from = from === null ? first : Math.min(from, first);
          to = to === null ? last : Math.max(to, last);
          meters.push({
            meterId: id,
            meterCode: codeOf.get(id) ?? '',
            samples: samples.n,
            days: coveredDays(samples),
            from: new Date(first).toISOString(),
            to: new Date(last).toISOString(),
          });
        }
      });
      const first = from as number | null;
      const last = to as number | null;
      if (first !== null && last !== null) {
        // the covered days (at most a year of them: an older tail stays stored, the job's full run picks it up)
        const days = daysBetween(closingDay(new Date(first)), closingDay(new Date(last))).slice(-NIGHT_FLOW_MAX_DAYS);
        await analyseTenant(app.db, me.companyId, at, { districtId, from: days[0], to: days.at(-1) });
      }
      await recordRequestOperation(app.db, request, me, {
        operation: 'dmaInletFlowImport',
        detail: `${district.name}: ${imported} imported, ${parsed.failedCount} failed`,
        at,
      });
      return ok(
        {
          imported,
          failed: parsed.failed.map((f) => ({ line: f.line, message: request.t(f.key, f.params) })),
          failedCount: parsed.failedCount,
          layout: parsed.layout,
          intervalMinutes: parsed.intervalMinutes,
          from: first === null ? null : new Date(first).toISOString(),
          to: last === null ? null : new Date(last).toISOString(),
          meters,
        },
        request.t('common.success'),
      );
    },
  });
};
