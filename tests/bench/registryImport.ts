// Import throughput of the registry benchmark: a sheet of new meters as a utility receives one from a supplier (body
// and remote codes of a new delivery batch, each meter under an existing collector and its concentrator, in the
// collector's area, every column of the template filled), posted to the meter import like the web does, the job
// polled until it ends. Rows/s is the job's own time (start → finish on the server: reading, rules, save with its
// operation-log entry per row), beside the wall time from upload to the finished job.
import type { DB } from '@waterops/gateway/src/db/tables.ts';
import type { TypedApp } from '@waterops/gateway/src/plugins/typeBoxProvider.ts';
import { type ImportJob, sheetPaths, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { DEVICE_PATHS } from '@waterops/shared/device';
import { type MessageKey, translate } from '@waterops/shared/i18n';
import { type Kysely, sql } from 'kysely';
import { bearer } from '../fixtures/factories.ts';
import { multipartBody } from '../fixtures/multipart.ts';
import { buildXlsx } from '../fixtures/sheets.ts';
import { throughput } from './benchStats.ts';
import { batchPrefix } from './registryData.ts';

/** The delivery batch the imported meters belong to: far above the loaded ones, so no code is taken. */
export const IMPORT_BATCH = 9_000;

export type ImportFigures = {
  rows: number;
  succeeded: number;
  failed: number;
  /** the job's status at the end and, when it failed as a whole, why */
  status: ImportJob['status'];
  error: string | null;
  /** start → finish as the job records them */
  jobSeconds: number;
  /** upload → finished job as seen by the caller */
  wallSeconds: number;
  rowsPerSecond: number;
};

type Collector = { collector: string; concentrator: string; area: string };
type Model = { model: string; manufacturer: string };
type Cell = string | number | null;

/** The template's columns (every one is required in the sheet) and the cell of meter i under collector k. */
const COLUMNS: [MessageKey, (i: number, k: Collector, m: Model) => Cell][] = [
  ['sheet.meter.meterCode', (i) => `${batchPrefix(IMPORT_BATCH)}${String(i).padStart(6, '0')}`],
  ['sheet.meter.remoteCode', (i) => `9${String(i).padStart(11, '0')}`],
  ['sheet.meter.collector', (_, k) => k.collector],
  ['sheet.meter.concentrator', (_, k) => k.concentrator],
  ['sheet.meter.manufacturer', (_, __, m) => m.manufacturer],
  ['sheet.meter.model', (_, __, m) => m.model],
  ['sheet.meter.caliber', () => 20],
  ['sheet.meter.valveControl', (i) => translate(i % 4 === 0 ? 'sheet.yes' : 'sheet.no', 'zh-CN')],
  ['sheet.meter.steelSeal', (i) => `GY${i}`],
  ['sheet.meter.maxReading', () => '99999.999'],
  ['sheet.meter.baseReading', (i) => String((i % 500) / 10)],
  ['sheet.meter.leadSealNo', (i) => `QF${i}`],
  ['sheet.meter.precision', () => 3],
  ['sheet.meter.area', (_, k) => k.area],
  ['sheet.meter.address', (i) => `导入路${Math.floor(i / 100)}号${i % 100}室`],
  ['sheet.meter.installDate', () => '2026-11-01'],
  ['sheet.meter.operationYears', () => '8'],
  ['sheet.meter.lng', (i) => (116.3 + (i % 1000) / 10_000).toFixed(6)],
  ['sheet.meter.lat', (i) => (39.9 + (i % 1000) / 10_000).toFixed(6)],
];

/** `rows` new meters spread over the tenant's first collectors, 100 per collector, as an .xlsx with zh-CN headers. */
export const buildMeterSheet = async (db: Kysely<DB>, companyId: number, rows: number): Promise<Buffer> => {
  const collectors = await sql<Collector>`
    select k.collector_code as collector, c.concentrator_code as concentrator, a.area_name as area
    from collectors k
    join concentrators c on c.company_id = k.company_id and c.id = k.concentrator_id
    join areas a on a.company_id = k.company_id and a.id = k.area_id
    where k.company_id = ${companyId} order by k.id limit ${Math.ceil(rows / 100)}`.execute(db);
  const models = await sql<Model>`
    select mm.type_name as model, f.name as manufacturer from meter_models mm
    join manufacturers f on f.company_id = mm.company_id and f.id = mm.manufacturer_id
    where mm.company_id = ${companyId} order by mm.id`.execute(db);
  if (!collectors.rows.length || !models.rows.length) throw new Error('the import needs collectors and meter models');
  const data = Array.from({ length: rows }, (_, i) => {
    const k = collectors.rows[Math.floor(i / 100) % collectors.rows.length] as Collector;
    const m = models.rows[i % models.rows.length] as Model;
    return COLUMNS.map(([, cell]) => cell(i, k, m));
  });
  return buildXlsx(
    COLUMNS.map(([key]) => translate(key, 'zh-CN')),
    data,
  );
};

/** Posts the sheet to the meter import and polls the job (as the web does, more often) until it has ended. */
export const measureImport = async (app: TypedApp, token: string, content: Buffer, rows: number) => {
  const paths = sheetPaths(DEVICE_PATHS.meters);
  const { payload, headers } = multipartBody({ filename: 'meters.xlsx', contentType: XLSX_CONTENT_TYPE, content });
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: paths.import,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
  if (res.statusCode !== 200) throw new Error(`POST ${paths.import} answered ${res.statusCode} ${res.body}`);
  const id = (res.json().datas as ImportJob).id;
  // the job's heartbeat is at most a second apart; half an hour without an end is a stuck job, not a slow one
  for (let i = 0; i < 9_000; i++) {
    const poll = await app.inject({ method: 'GET', url: paths.job(id), headers: bearer(token) });
    if (poll.statusCode !== 200) throw new Error(`GET ${paths.job(id)} answered ${poll.statusCode} ${poll.body}`);
    const job = poll.json().datas as ImportJob;
    if (job.status === 'success' || job.status === 'failed') {
      const wallSeconds = (performance.now() - started) / 1000;
      const jobMs =
        job.startTime && job.finishTime ? Date.parse(job.finishTime) - Date.parse(job.startTime) : wallSeconds * 1000;
      return {
        rows,
        succeeded: job.succeeded,
        failed: job.failed,
        status: job.status,
        error: job.error,
        jobSeconds: Math.round(jobMs) / 1000,
        wallSeconds: Math.round(wallSeconds * 1000) / 1000,
        rowsPerSecond: throughput(job.succeeded, jobMs),
      } satisfies ImportFigures;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`import job ${id} did not end within 30 minutes`);
};
