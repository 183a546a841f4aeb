// The simulator inside `npm start` (demo mode): it feeds the demo tenant through the public ingestion API over
// loopback HTTP, exactly as `npm run simulate` would from outside. Its key is made anew at every start (keys are
// stored hashed, so the old one cannot be read back); the previous simulator key is deleted, so only one works.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
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
  return startSimulator({
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
};
