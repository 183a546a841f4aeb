// Scheduled work: a job ticks every `everyMs` while the app runs, and each tick runs on one instance only; work that
// belongs to a period (a month's freeze) runs exactly once across instances and restarts, through job_runs.
//
// Tick exclusion has two halves. Within a process, a tick of a job that is still running is skipped. Across
// processes (PostgreSQL; a PGlite folder can only be opened by one process), the tick holds an advisory lock on a
// connection of its own for its whole run: `pg_try_advisory_lock` refuses a second holder, and the lock dies with
// the connection if the process does. A session lock on a pinned connection rather than a transaction-scoped one,
// because the job's own statements must run on the normal pool (and on PGlite's single connection), not inside
// one long transaction.
import { hostname } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/openDatabase.ts';
import type { DB } from '../db/tables.ts';
import { isTransientDatabaseError } from '../plugins/errors.ts';

/** The advisory lock class of job ticks (the first half of the two-key form; readingPartitions uses 72013). */
const JOB_LOCK_CLASS = 72_014;
/** A period run that started this long ago and never finished crashed: another instance may take it again. */
export const STALE_RUN_MS = 3_600_000;

/** This process, as it signs job_runs rows. */
export const INSTANCE_ID = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

export type TickOutcome = 'ran' | 'skipped' | 'failed';

/**
 * The pauses before a job's work runs again after a transient database error (a deadlock, a serialization failure,
 * a connection lost while PostgreSQL restarts): two retries within the tick, then the next tick as usual.
 */
export const JOB_RETRY_DELAYS_MS = [250, 2_000];

/** Runs `work`, again after each pause of `delays` while it fails with a transient database error. */
export const withTransientRetry = async <T>(
  work: () => Promise<T>,
  delays: readonly number[] = JOB_RETRY_DELAYS_MS,
  onRetry: (e: unknown, attempt: number) => void = () => undefined,
): Promise<T> => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      const pause = delays[attempt];
      if (pause === undefined || !isTransientDatabaseError(e)) throw e;
      onRetry(e, attempt + 1);
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Each job scheduleJob ticks on this app, by name in registration order: one tick now, at the app's clock (the
     * test clock's route runs them after moving the clock, instead of waiting for the timers). Unset without jobs.
     */
    scheduledJobs?: Map<string, () => Promise<TickOutcome>>;
  }
}

/** Jobs of this process running now, per database handle (two apps in one process on one database share it). */
const running = new WeakMap<object, Set<string>>();

const runningSet = (db: Kysely<DB>): Set<string> => {
  let set = running.get(db);
  if (!set) {
    set = new Set();
    running.set(db, set);
  }
  return set;
};

/**
 * Runs one tick of a job unless another tick of it is running (here or, on PostgreSQL, in another instance).
 * A transient database error is retried within the tick (withTransientRetry); a failure is returned, never thrown:
 * a job's error must not stop its timer or the process.
 */
export const runTick = async (
  db: Kysely<DB>,
  kind: DatabaseKind,
  name: string,
  work: () => Promise<unknown>,
  onError: (e: unknown) => void = () => undefined,
  onRetry: (e: unknown, attempt: number) => void = () => undefined,
): Promise<TickOutcome> => {
  const mine = runningSet(db);
  if (mine.has(name)) return 'skipped';
  mine.add(name);
  try {
    const retried = () => withTransientRetry(work, JOB_RETRY_DELAYS_MS, onRetry);
    if (kind === 'pglite') {
      await retried();
      return 'ran';
    }
    return await db.connection().execute(async (conn) => {
      const got = await sql<{
        ok: boolean;
      }>`select pg_try_advisory_lock(${JOB_LOCK_CLASS}, hashtext(${name})) as ok`.execute(conn);
      if (!got.rows[0]?.ok) return 'skipped';
      try {
        await retried();
        return 'ran';
      } finally {
        await sql`select pg_advisory_unlock(${JOB_LOCK_CLASS}, hashtext(${name}))`.execute(conn);
      }
    });
  } catch (e) {
    onError(e);
    return 'failed';
  } finally {
    mine.delete(name);
  }
};

export type PeriodRun<T> = { ran: true; detail: T } | { ran: false };

/**
 * Runs `work` for (job, period) only if this instance wins the job_runs row: the insert that wins runs it; a row
 * another instance started and never finished (crashed) for `STALE_RUN_MS` is taken over. A failed run deletes its
 * row so the next tick tries again; the error is rethrown to the caller.
 */
export const runOncePerPeriod = async <T>(
  db: Kysely<DB>,
  job: string,
  period: string,
  instance: string,
  work: () => Promise<T>,
  now: Date = new Date(),
): Promise<PeriodRun<T>> => {
  const staleBefore = new Date(now.getTime() - STALE_RUN_MS);
  const won = await db
    .insertInto('job_runs')
    .values({ job, period, instance, started_at: now, detail: null })
    .onConflict((oc) =>
      oc
        .columns(['job', 'period'])
        .doUpdateSet({ instance, started_at: now })
        .where('job_runs.finished_at', 'is', null)
        .where('job_runs.started_at', '<', staleBefore),
    )
    .returning('job')
    .executeTakeFirst();
  if (!won) return { ran: false };
  let detail: T;
  try {
    detail = await work();
  } catch (e) {
    await db
      .deleteFrom('job_runs')
      .where('job', '=', job)
      .where('period', '=', period)
      .where('instance', '=', instance)
      .execute();
    throw e;
  }
  await db
    .updateTable('job_runs')
    .set({ finished_at: new Date(), detail: JSON.stringify(detail ?? null) })
    .where('job', '=', job)
    .where('period', '=', period)
    .where('instance', '=', instance)
    .execute();
  return { ran: true, detail };
};

export type ScheduledJob = {
  /** the lock and log name */
  name: string;
  everyMs: number;
  /** the first tick after the app is ready (default: everyMs) */
  firstAfterMs?: number;
  run(now: Date): Promise<unknown>;
};

/**
 * Ticks a job while the app runs: from `onReady` (never during tests that build the app without jobs) until
 * `preClose`, which waits for a running tick so the database is not closed under it.
 */
export const scheduleJob = (app: FastifyInstance, job: ScheduledJob, now: () => Date = () => new Date()): void => {
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let closed = false;
  /** One tick: run unless running, retried on a transient error, failures logged, the outcome counted for /metrics. */
  const runOnce = (): Promise<TickOutcome> =>
    runTick(
      app.db,
      app.dbKind,
      job.name,
      () => job.run(now()),
      (e) => app.log.error({ err: e, job: job.name }, 'scheduled job failed'),
      (e, attempt) =>
        app.log.warn(
          { job: job.name, attempt, error: e instanceof Error ? e.message : String(e) },
          'scheduled job retried',
        ),
    ).then((outcome) => {
      if (app.hasDecorator('metrics')) app.metrics.jobTicked(job.name, outcome);
      return outcome;
    });
  const tick = () => {
    inFlight = runOnce().finally(() => {
      if (!closed) timer = setTimeout(tick, job.everyMs);
    });
  };
  // one tick now, after a running one (a tick started meanwhile by the timer is then skipped, not doubled)
  let asked: Promise<unknown> = Promise.resolve();
  const runNow = async (): Promise<TickOutcome> => {
    await Promise.all([inFlight, asked]);
    const outcome = runOnce();
    asked = outcome;
    return outcome;
  };
  if (!app.hasDecorator('scheduledJobs')) app.decorate('scheduledJobs', new Map());
  app.scheduledJobs?.set(job.name, runNow);
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, job.firstAfterMs ?? job.everyMs);
  });
  // preClose: before the database plugin's onClose closes the database under a running tick
  app.addHook('preClose', async () => {
    closed = true;
    clearTimeout(timer);
    await inFlight;
    await asked;
  });
};
