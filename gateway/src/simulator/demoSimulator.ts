// The simulator inside `npm start` (demo mode): it feeds the demo tenant through the public ingestion API over
// loopback HTTP, exactly as `npm run simulate` would from outside. Its key is made anew at every start (keys are
// stored hashed, so the old one cannot be read back); the previous simulator key is deleted, so only one works. Once
// the city is in, its backfilled reads get their on-time arrival (db/seed/demoArrivals.ts) and a fresh demo gets its
// past month of alarms (db/seed/demoAlarmHistory.ts).
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { hasAlarmHistory, seedDemoAlarmHistory } from '../db/seed/demoAlarmHistory.ts';
import { settleDemoArrivals } from '../db/seed/demoArrivals.ts';
import { DEMO_SIGN_IN } from '../db/seed/seedDatabase.ts';
import type { DB } from '../db/tables.ts';
import { createIngestKey } from '../services/ingest/ingestKeyRepository.ts';
import { DEFAULT_DEMO_OUTAGE } from './demoOutage.ts';
import { type Simulator, startSimulator } from './simulator.ts';

export const SIMULATOR_KEY_NAME = '城市模拟器 (demo)';

/** Starts the demo simulator against the listening app; undefined when there is no demo tenant. */
export const startDemoSimulator = async (
  db: Kysely<DB>,
  config: Config,
  baseUrl: string,
  log: (message: string) => void,
): Promise<Simulator | undefined> => {
  const admin = await db
    .selectFrom('logins')
    .select('company_id')
    .where('username', '=', DEMO_SIGN_IN.username)
    .executeTakeFirst();
  if (!admin) return undefined;
  const companyId = Number(admin.company_id);
  const key = await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('ingest_keys')
      .where('company_id', '=', companyId)
      .where('name', '=', SIMULATOR_KEY_NAME)
      .execute();
    return (await createIngestKey(tx, { companyId, name: SIMULATOR_KEY_NAME })).key;
  });
  const sim = startSimulator({
    baseUrl,
    key,
    seed: config.WATEROPS_SIM_SEED,
    meters: config.WATEROPS_SIM_METERS,
    historyDays: config.WATEROPS_SIM_HISTORY_DAYS,
    // the district meters backfill three months whatever the households do: the night-flow chart's 90 days
    districtHistoryDays: 90,
    // one concentrator falls silent now and then, so the alarm console shows an offline group soon after start
    demoOutage: DEFAULT_DEMO_OUTAGE,
    log,
  });
  // a fresh demo's past month of alarms (issue 16.12), once its city is in: the statistics' trend then shows a month
  const startedAt = new Date();
  const ready = sim.ready.then(async () => {
    // the backfilled past arrived on time (demoArrivals.ts says why)
    await settleDemoArrivals(db, companyId, startedAt).then(
      (n) => log(`backfill: ${n} reads given their on-time arrival`),
      (e: unknown) => log(`backfill: arrivals not settled (${e instanceof Error ? e.message : e})`),
    );
    if (await hasAlarmHistory(db, companyId, startedAt)) return;
    const days = Math.min(30, config.WATEROPS_SIM_HISTORY_DAYS);
    const started = Date.now();
    const h = await seedDemoAlarmHistory(db, companyId, sim.plan, { now: startedAt, days }).catch((e: unknown) => {
      log(`alarm history: not written (${e instanceof Error ? e.message : e})`);
      return undefined;
    });
    if (h)
      log(
        `alarm history: ${h.topLevel} alarms over ${days} days (${h.alarms} with the grouped ones, ${h.events} events) in ${Math.round((Date.now() - started) / 1000)} s`,
      );
  });
  return { ...sim, ready };
};
