// SQL of spreadsheet import jobs: create, progress, finish, read (always within the caller's tenant and resource),
// and failing the jobs a crashed process left unfinished.
import type { ImportFailure, ImportJob } from '@waterops/shared/api';
import { type Locale, translate } from '@waterops/shared/i18n';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';

/** A job whose runner has not shown a sign of life for this long was left by a process that died. */
export const STALE_JOB_MS = 60_000;

export type NewImportJob = {
  companyId: number;
  resource: string;
  userId: number;
  username: string;
  locale: Locale;
  fileName: string;
  total: number;
  at: Date;
  /** set when the file could not be read: the job is created failed with this message */
  error?: string;
};

export const insertImportJob = async (db: Kysely<DB>, j: NewImportJob): Promise<number> => {
  const row = await db
    .insertInto('import_jobs')
    .values({
      company_id: j.companyId,
      resource: j.resource,
      user_id: j.userId,
      username: j.username,
      locale: j.locale,
      file_name: j.fileName,
      total: j.total,
      status: j.error ? 'failed' : 'waiting',
      error: j.error ?? null,
      created_at: j.at,
      heartbeat_at: j.at,
      ...(j.error ? { finished_at: j.at } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export type Progress = { processed: number; succeeded: number; failed: number };

export const markImporting = async (db: Kysely<DB>, companyId: number, id: number, at: Date) => {
  await db
    .updateTable('import_jobs')
    .set({ status: 'importing', started_at: at, heartbeat_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const saveProgress = async (db: Kysely<DB>, companyId: number, id: number, p: Progress, at: Date) => {
  await db
    .updateTable('import_jobs')
    .set({ ...p, heartbeat_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

export const finishJob = async (
  db: Kysely<DB>,
  companyId: number,
  id: number,
  p: Progress & { failures: ImportFailure[]; error?: string },
  at: Date,
) => {
  await db
    .updateTable('import_jobs')
    .set({
      processed: p.processed,
      succeeded: p.succeeded,
      failed: p.failed,
      failures: JSON.stringify(p.failures),
      status: p.failed > 0 || p.error ? 'failed' : 'success',
      error: p.error ?? null,
      finished_at: at,
      heartbeat_at: at,
    })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();
};

const JOB_COLUMNS = [
  'id',
  'resource',
  'status',
  'file_name',
  'total',
  'processed',
  'succeeded',
  'failed',
  'error',
  'created_at',
  'started_at',
  'finished_at',
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A job of the tenant and resource, or undefined (another tenant's or resource's id reads as missing). */
export const findImportJob = async (
  db: Kysely<DB>,
  companyId: number,
  resource: string,
  id: number,
): Promise<ImportJob | undefined> => {
  const r = await db
    .selectFrom('import_jobs')
    .select(JOB_COLUMNS)
    .where('company_id', '=', companyId)
    .where('resource', '=', resource)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  return {
    id: Number(r.id),
    resource: r.resource,
    status: r.status,
    fileName: r.file_name,
    total: r.total,
    processed: r.processed,
    succeeded: r.succeeded,
    failed: r.failed,
    error: r.error,
    createTime: r.created_at.toISOString(),
    startTime: iso(r.started_at),
    finishTime: iso(r.finished_at),
  };
};

export const findFailures = async (
  db: Kysely<DB>,
  companyId: number,
  resource: string,
  id: number,
): Promise<ImportFailure[] | undefined> => {
  const r = await db
    .selectFrom('import_jobs')
    .select('failures')
    .where('company_id', '=', companyId)
    .where('resource', '=', resource)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  const value = typeof r.failures === 'string' ? JSON.parse(r.failures) : r.failures;
  return (value ?? []) as ImportFailure[];
};

/**
 * Restart recovery: jobs of a resource still waiting or importing whose runner has been silent since `before` were
 * left by a process that stopped; they end failed with the 'interrupted' message in their starter's language.
 * `id` narrows it to one job (checked when a job is read, for a crash without a restart of this instance).
 */
export const failStaleJobs = async (
  db: Kysely<DB>,
  resource: string,
  before: Date,
  at: Date,
  only?: { companyId: number; id: number },
): Promise<number> => {
  const message = (locale: Locale) => translate('import.interrupted', locale);
  let q = db
    .updateTable('import_jobs')
    .set({
      status: 'failed',
      error: sql<string>`case when locale = 'en' then ${message('en')} else ${message('zh-CN')} end`,
      finished_at: at,
    })
    .where('resource', '=', resource)
    .where('status', 'in', ['waiting', 'importing'])
    .where('heartbeat_at', '<', before);
  if (only) q = q.where('company_id', '=', only.companyId).where('id', '=', only.id);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
};
