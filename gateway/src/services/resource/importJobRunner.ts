// Runs one import job in this process: each sheet row is read by the resource's import columns, turned into a save
// body, and saved through the resource's own save path (same rules, uniqueness, beforeWrite, operation log), in its
// own transaction. Bad rows are collected with a reason in the starter's language; progress is written as it goes.
import type { ImportFailure } from '@waterops/shared/api';
import { type Locale, type MessageKey, translate } from '@waterops/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError } from '../../plugins/errors.ts';
import { finishJob, markImporting, type Progress, saveProgress } from './importJobRepository.ts';
import type { Refusal } from './registerResource.ts';
import type { ImportColumn, RowReader } from './resourceSheets.ts';
import type { SchemaProblem } from './schemaProblem.ts';
import { parseCell } from './sheetCells.ts';

/** Progress is written after this many rows, or sooner when this much time has passed (it is also the heartbeat). */
const PROGRESS_ROWS = 10;
const PROGRESS_MS = 1000;

export type ImportRun<Body> = {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  companyId: number;
  jobId: number;
  locale: Locale;
  columns: readonly ImportColumn[];
  /** where each column sits in a row's cells */
  indexes: readonly number[];
  rows: readonly { row: number; cells: readonly string[] }[];
  toBody: RowReader<Body>;
  /** the save body's schema check: the first problem (its field, and the limit it breaks), or null */
  check: (body: Body) => SchemaProblem | null;
  /** the resource's save path (create) */
  save: (body: Body) => Promise<{ refusal?: Refusal }>;
  now: () => Date;
  /** true once the app is closing: the job stops between rows and ends failed as interrupted */
  stopping: () => boolean;
};

export const runImport = async <Body>(r: ImportRun<Body>): Promise<void> => {
  const say = (key: MessageKey, params?: Record<string, string | number>) => translate(key, r.locale, params);
  const header = (c: ImportColumn) => say(c.header);
  const progress: Progress = { processed: 0, succeeded: 0, failed: 0 };
  const failures: ImportFailure[] = [];
  let lastWrite = Date.now();

  await markImporting(r.db, r.companyId, r.jobId, r.now());
  try {
    for (const { row, cells } of r.rows) {
      if (r.stopping()) {
        await finishJob(
          r.db,
          r.companyId,
          r.jobId,
          { ...progress, failures, error: say('import.interrupted') },
          r.now(),
        );
        return;
      }
      const values = Object.fromEntries(r.columns.map((c, k) => [c.field, cells[r.indexes[k] as number] ?? '']));
      const reason = await importRow(r, values, header, say);
      progress.processed++;
      if (reason === null) progress.succeeded++;
      else {
        progress.failed++;
        failures.push({ row, values, reason });
      }
      if (progress.processed % PROGRESS_ROWS === 0 || Date.now() - lastWrite >= PROGRESS_MS) {
        await saveProgress(r.db, r.companyId, r.jobId, progress, r.now());
        lastWrite = Date.now();
      }
    }
    await finishJob(r.db, r.companyId, r.jobId, { ...progress, failures }, r.now());
  } catch (error) {
    // the database went away or similar: the job ends failed with what it did so far
    r.log.error({ err: error, jobId: r.jobId }, 'import job failed');
    await finishJob(
      r.db,
      r.companyId,
      r.jobId,
      { ...progress, failures, error: say('errors.internal') },
      r.now(),
    ).catch((e: unknown) => r.log.error({ err: e, jobId: r.jobId }, 'import job could not be marked failed'));
  }
};

/** Saves one row; null when saved, else the reason it was not (in the job's language). */
const importRow = async <Body>(
  r: ImportRun<Body>,
  values: Record<string, string>,
  header: (c: ImportColumn) => string,
  say: (key: MessageKey, params?: Record<string, string | number>) => string,
): Promise<string | null> => {
  const parsed: Record<string, unknown> = {};
  for (const c of r.columns) {
    const p = parseCell(c.kind, values[c.field] ?? '', header(c));
    if ('error' in p) return say(p.error.key, p.error.params);
    parsed[c.field] = p.value;
  }
  const read = r.toBody(parsed);
  if ('refusal' in read) return say(read.refusal.key, read.refusal.params);
  const problem = r.check(read.body);
  if (problem !== null) {
    const column = r.columns.find((c) => c.field === problem.field);
    if (!column) return say('errors.badRequest', { field: problem.field });
    // a broken limit says which, in the words of the form and the API, after the column's name
    if (problem.limit)
      return say('import.columnProblem', {
        column: header(column),
        reason: say(problem.limit.key, problem.limit.params),
      });
    return say('import.badValue', { column: header(column) });
  }
  try {
    const outcome = await r.save(read.body);
    return outcome.refusal ? say(outcome.refusal.key, outcome.refusal.params) : null;
  } catch (error) {
    // a save rule (400 with the rule's message) or a reference that vanished: the row's reason
    if (error instanceof AppError && error.statusCode < 500) {
      const column = r.columns.find((c) => c.field === error.field);
      if (error.key === 'errors.badRequest' && column) return say('import.badValue', { column: header(column) });
      if (error.key === 'rules.text.tooLong' && column)
        return say('import.columnProblem', { column: header(column), reason: say(error.key, error.params) });
      return say(error.key, error.params);
    }
    throw error;
  }
};
