// Tests only (WATEROPS_TEST_CLOCK=1): the process's clock is real time plus an offset that a test moves forward, and
// the scheduled jobs can be run at once at the moved time. A browser test against a real process can then age a
// device past its offline threshold (≥ 30 minutes of silence) in a second instead of half an hour. Every part of
// the app reads this clock (auth, services, ingestion's stamps, jobs), so what the test moved is seen consistently.
// Off, neither the clock nor the routes exist; config.ts refuses it with NODE_ENV=production.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { TickOutcome } from '../jobs/jobScheduler.ts';
import { badRequest } from './errors.ts';

/** A clock running with real time plus an offset that only moves forward. */
export class OffsetClock {
  offsetMs = 0;
  constructor(private readonly base: () => Date = () => new Date()) {}
  readonly now = (): Date => new Date(this.base().getTime() + this.offsetMs);
  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}

export const TEST_CLOCK_PATHS = { clock: '/__test__/clock', runJobs: '/__test__/jobs/run' } as const;

/** At most a year per call: enough for any threshold, and no overflow of Date. */
const MAX_ADVANCE_MS = 366 * 86_400_000;

const AdvanceBody = Type.Object({
  advanceMs: Type.Integer({ minimum: 0, maximum: MAX_ADVANCE_MS, description: 'how far to move the clock (ms)' }),
});
const ClockState = Type.Object({
  now: Type.String({ format: 'date-time', description: "the process's time now" }),
  offsetMs: Type.Integer({ description: 'how far ahead of real time the clock is' }),
});
const RunJobsBody = Type.Object({
  names: Type.Optional(
    Type.Array(Type.String({ minLength: 1 }), {
      maxItems: 50,
      description: 'the jobs to run, in this order (default: every scheduled job, in the order they were scheduled)',
    }),
  ),
});
const JobsRun = Type.Object({
  now: Type.String({ format: 'date-time', description: 'the time the jobs ran at' }),
  ran: Type.Array(
    Type.Object({
      name: Type.String(),
      outcome: Type.Union([Type.Literal('ran'), Type.Literal('skipped'), Type.Literal('failed')]),
    }),
  ),
});
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
// administrators only, and kept out of the API docs: it is a test harness, not part of the API
const common = { config: { permission: PERMISSIONS.admin }, schema: { hide: true, tags: ['test'] } } as const;

export type TestClockOptions = { clock: OffsetClock };

const testClockPlugin: FastifyPluginAsync<TestClockOptions> = async (app, { clock }) => {
  app.log.warn(
    `WATEROPS_TEST_CLOCK is ON: the clock can be moved by POST ${TEST_CLOCK_PATHS.clock} — tests only, never in production`,
  );
  const state = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs });

  app.post(
    TEST_CLOCK_PATHS.clock,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Tests only: move the clock forward (answers the new time)',
        body: AdvanceBody,
        response: { 200: Result(ClockState), ...errors },
      },
    },
    async (request) => {
      const { advanceMs } = request.body as { advanceMs: number };
      clock.advance(advanceMs);
      request.log.warn({ advanceMs, offsetMs: clock.offsetMs }, 'test clock moved');
      return ok(state(), request.t('common.success'));
    },
  );

  app.post(
    TEST_CLOCK_PATHS.runJobs,
    {
      ...common,
      schema: {
        ...common.schema,
        summary: 'Tests only: run scheduled jobs once now, one after another, at the clock’s time',
        body: RunJobsBody,
        response: { 200: Result(JobsRun), ...errors },
      },
    },
    async (request) => {
      const jobs = app.scheduledJobs ?? new Map<string, () => Promise<TickOutcome>>();
      const names = (request.body as { names?: string[] }).names ?? [...jobs.keys()];
      // every name is checked before anything runs: a typo runs nothing
      if (names.some((n) => !jobs.has(n))) throw badRequest('names');
      const at = clock.now().toISOString();
      const ran: { name: string; outcome: TickOutcome }[] = [];
      // in order: offline devices are marked before the offline alarms read them
      for (const name of names) ran.push({ name, outcome: await (jobs.get(name) as () => Promise<TickOutcome>)() });
      return ok({ now: at, ran }, request.t('common.success'));
    },
  );
};

export const testClock = fp(testClockPlugin, { name: 'waterops-test-clock', dependencies: ['waterops-auth'] });
