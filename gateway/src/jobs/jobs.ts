// Every scheduled job of the gateway, in one place: registered by app.ts after the services when this process holds
// the database and WATEROPS_JOBS is on (tests start apps without them and run a job's function directly).
import { TOPICS } from '@waterops/shared/live';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  PLANNER_STATISTICS_EVERY_MS,
  PLANNER_STATISTICS_FIRST_AFTER_MS,
  refreshPlannerStatistics,
} from '../db/plannerStatistics.ts';
import { evaluateOfflineAlarms, evaluateUsageAlarms, unshelveExpired } from '../services/alarm/alarmJobs.ts';
import { expireCommands } from '../services/command/commandDelivery.ts';
import { markOfflineDevices } from '../services/deviceStatus/offlineDevices.ts';
import { runNightFlowAnalysis } from '../services/dma/nightFlowAnalysis.ts';
import { revalidateDirtyMeters, sweepYesterday } from '../services/reading/revalidate.ts';
import { resumeExpiredDeferrals, runEscalations } from '../services/workorder/workOrderJobs.ts';
import { INSTANCE_ID, scheduleJob } from './jobScheduler.ts';
import { freezeDueMonths } from './monthEndFreeze.ts';

export type JobsOptions = { now: () => Date };

const jobsPlugin: FastifyPluginAsync<JobsOptions> = async (app, { now }) => {
  const db = () => app.db;
  // commands nobody picked up or answered in time → failed (timeout)
  // the embedded database has no autovacuum: its planner statistics are refreshed here (db/plannerStatistics.ts)
  if (app.dbKind === 'pglite')
    scheduleJob(
      app,
      {
        name: 'plannerStatistics',
        everyMs: PLANNER_STATISTICS_EVERY_MS,
        firstAfterMs: PLANNER_STATISTICS_FIRST_AFTER_MS,
        run: () => refreshPlannerStatistics(db(), app.dbKind),
      },
      now,
    );
  scheduleJob(app, { name: 'commandTimeouts', everyMs: 10_000, run: (at) => expireCommands(db(), at) }, now);
  // the validated daily series of meters new or late data touched
  scheduleJob(
    app,
    { name: 'revalidation', everyMs: 30_000, run: (at) => revalidateDirtyMeters(db(), { now: at }) },
    now,
  );
  // once a day (checked hourly): every meter's yesterday is validated even if it sent nothing, so a silent meter's
  // missing day shows as a gap (estimated) instead of waiting for its next read
  scheduleJob(
    app,
    { name: 'veeSweep', everyMs: 3_600_000, firstAfterMs: 60_000, run: (at) => sweepYesterday(db(), at, INSTANCE_ID) },
    now,
  );
  scheduleJob(app, { name: 'offlineDevices', everyMs: 60_000, run: (at) => markOfflineDevices(db(), at) }, now);
  // alarms (H-ALARM): offline / no-data alarms with their escalation and grouping under an offline concentrator
  // every minute; shelvings that expired every 30 s; usage exceptions from the daily series every 10 minutes
  // (a tenant whose alarms changed: its consoles hear of it at once, live/changeHints.ts)
  const alarmsChanged = (companyId: number) => app.changeHints.announce({ companyId, topic: TOPICS.alarms });
  scheduleJob(
    app,
    { name: 'offlineAlarms', everyMs: 60_000, run: (at) => evaluateOfflineAlarms(db(), at, alarmsChanged) },
    now,
  );
  scheduleJob(
    app,
    { name: 'alarmUnshelve', everyMs: 30_000, run: (at) => unshelveExpired(db(), at, alarmsChanged) },
    now,
  );
  scheduleJob(
    app,
    {
      name: 'usageAlarms',
      everyMs: 600_000,
      firstAfterMs: 120_000,
      run: (at) => evaluateUsageAlarms(db(), at, alarmsChanged),
    },
    now,
  );
  // night flow (issue 7, H-ANALYSIS): every 15 minutes (the district meters' interval; a tick without new data only
  // re-reads three days), the first soon after start; a backfill still running then (the simulator's three months)
  // is picked up by the following ticks, which recompute every day that received data since
  scheduleJob(
    app,
    {
      name: 'nightFlow',
      everyMs: 900_000,
      firstAfterMs: 90_000,
      run: (at) => runNightFlowAnalysis(db(), at, alarmsChanged),
    },
    now,
  );
  // every 10 minutes (a cheap check when nothing is due), and soon after start so months missed while the gateway
  // was down are frozen at once; meters whose data arrives late are filled in by the following ticks
  scheduleJob(
    app,
    {
      name: 'monthEndFreeze',
      everyMs: 600_000,
      firstAfterMs: 10_000,
      run: async (at) => {
        const report = await freezeDueMonths(db(), at, INSTANCE_ID);
        if (report.length) app.log.info({ frozen: report }, 'month-end bases frozen');
      },
    },
    now,
  );
  // work orders (issue 15): the escalation ladder — every level due fires once, also those that fell due while the
  // server was down (the first tick soon after start) — and deferrals whose time ran out resume; each tenant whose
  // orders changed is told at once (its queues and bells)
  const ordersChanged = (companies: Set<number>) => {
    for (const companyId of companies) {
      app.changeHints.announce({ companyId, topic: TOPICS.workorders });
      app.changeHints.announce({ companyId, topic: TOPICS.notifications });
    }
  };
  scheduleJob(
    app,
    {
      name: 'workOrderEscalation',
      everyMs: 60_000,
      firstAfterMs: 15_000,
      run: async (at) => ordersChanged(await runEscalations(db(), at)),
    },
    now,
  );
  scheduleJob(
    app,
    {
      name: 'workOrderDeferrals',
      everyMs: 60_000,
      firstAfterMs: 20_000,
      run: async (at) => ordersChanged(await resumeExpiredDeferrals(db(), at)),
    },
    now,
  );
};

export const jobs = fp(jobsPlugin, { name: 'waterops-jobs', dependencies: ['waterops-db'] });
