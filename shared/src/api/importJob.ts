// Spreadsheet export and import of a resource list (issue 3): the paths under a list path, the limits, and the
// import job the web polls while rows are saved on the server (spec §4 import states: waiting → importing → success |
// failed).
import { type Static, Type } from '@sinclair/typebox';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** At most this many rows in one export; more matching rows are refused (narrow the filters). */
export const EXPORT_MAX_ROWS = 100_000;
/** An uploaded import file: at most 5 MB and 10,000 data rows (the header row not counted). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** How often the web asks for the job while it runs. */
export const IMPORT_POLL_MS = 1000;

/** The export and import paths of a list path (`/api-user/users` → `/api-user/users/export`…). */
export const sheetPaths = (listPath: string) => ({
  /** GET with the list's filters and sort → .xlsx */
  export: `${listPath}/export`,
  /** GET → .xlsx with the import columns' headers (and a notes sheet) */
  template: `${listPath}/import/template`,
  /** POST multipart `file` (.xlsx) → Result(ImportJob) */
  import: `${listPath}/import`,
  /** GET → Result(ImportJob) */
  job: (id: number | string) => `${listPath}/import/jobs/${id}`,
  /** GET → .xlsx of the failed rows with their reasons */
  failures: (id: number | string) => `${listPath}/import/jobs/${id}/failures`,
});

export const IMPORT_JOB_STATUSES = ['waiting', 'importing', 'success', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

export const ImportJob = Type.Object({
  id: Type.Integer(),
  /** the resource's name ('user') */
  resource: Type.String(),
  status: Type.Union(IMPORT_JOB_STATUSES.map((s) => Type.Literal(s))),
  fileName: Type.String(),
  /** data rows in the file */
  total: Type.Integer({ minimum: 0 }),
  processed: Type.Integer({ minimum: 0 }),
  succeeded: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  /** why the whole job failed (file unreadable, columns missing, interrupted), in the starter's language */
  error: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
  startTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  finishTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ImportJob = Static<typeof ImportJob>;

/** One row that could not be saved: its row number in the sheet (header = 1), its cells as read, and why. */
export const ImportFailure = Type.Object({
  row: Type.Integer(),
  values: Type.Record(Type.String(), Type.String()),
  reason: Type.String(),
});
export type ImportFailure = Static<typeof ImportFailure>;

export const ImportJobParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
