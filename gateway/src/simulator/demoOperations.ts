// The demo's work orders at `npm start` (issue 15): once the city simulator has backfilled its history, the
// night-flow and usage-alarm jobs run at once (so the leaks and exceptions of the past months are known), a fresh demo
// gets its thirty days of work-order history (db/seed/demoWorkOrders.ts), and the operations simulator carries on
// live from the history's end. WATEROPS_OPS_SIM=0 leaves all of it out.
import { dayStart } from '@waterops/shared/reading';
import type { Config } from '../config.ts';
import { DEMO_CREW, DEMO_DISPATCHER, DEMO_SERVICE } from '../db/seed/demoPeople.ts';
import { type DemoHistory, hasWorkOrderHistory, seedDemoWorkOrders } from '../db/seed/demoWorkOrders.ts';
import { DEMO_SIGN_IN } from '../db/seed/seedDatabase.ts';
import { runTick } from '../jobs/jobScheduler.ts';
import type { TypedApp } from '../plugins/typeBoxProvider.ts';
import { announceWorkOrders } from '../services/workorder/workOrderService.ts';
import type { CityPlan } from './cityPlan.ts';
import { leaksUntil } from './faults.ts';
import { OpsClient } from './operationsClient.ts';
import { createOperationsSimulator, type OperationsPeople } from './operationsSimulator.ts';
import { hash32 } from './random.ts';
import type { Simulator } from './simulator.ts';
import { sitePhoto } from './sitePhoto.ts';

const DAY = 86_400_000;

/** The demo's people as the simulator signs them in. */
export const DEMO_OPERATIONS_PEOPLE: OperationsPeople = {
  operator: DEMO_SIGN_IN.operator,
  dispatcher: DEMO_DISPATCHER,
  service: DEMO_SERVICE,
  crew: DEMO_CREW.map((p) => ({ username: p.username, password: p.password })),
};

/**
 * When the city really repairs the leak a night-flow event found (its district and start day): the city's leak in
 * that district that began by three days after the detector's start day and was still running then.
 */
export const cityLeakRepair =
  (plan: CityPlan) =>
  (districtName: string, startDay: string): number | null => {
    const d = plan.districts.findIndex((x) => x.name === districtName);
    if (d < 0) return null;
    const start = dayStart(startDay).getTime();
    const leak = leaksUntil(plan, d, start + 3 * DAY)
      .filter((l) => l.end > start)
      .sort((a, b) => b.start - a.start)[0];
    return leak ? leak.end : null;
  };

export type DemoOperations = { stop(): Promise<void> };

/** Starts the demo's work orders beside the city simulator; nothing when there is no demo tenant. */
export const startDemoOperations = (
  app: TypedApp,
  config: Config,
  baseUrl: string,
  city: Simulator | undefined,
  log: (message: string) => void,
): DemoOperations => {
  const stopping = new AbortController();
  let sim: ReturnType<typeof createOperationsSimulator> | undefined;
  const run = async () => {
    const admin = await app.db
      .selectFrom('logins')
      .select('company_id')
      .where('username', '=', DEMO_SIGN_IN.username)
      .executeTakeFirst();
    if (!admin) return;
    const companyId = Number(admin.company_id);
    await city?.ready;
    if (stopping.signal.aborted) return;
    // what the city's past months hold: the leaks the night-flow job finds, the usage exceptions
    for (const job of ['nightFlow', 'usageAlarms']) await app.scheduledJobs?.get(job)?.();
    const seed = config.WATEROPS_SIM_SEED;
    const since = new Date();
    if (!(await hasWorkOrderHistory(app.db, companyId))) {
      log('work-order history: generating 30 days of complaints and orders');
      const photos = new OpsClient(baseUrl, { id: DEMO_SIGN_IN.clientId, secret: DEMO_SIGN_IN.clientSecret });
      let n = 0;
      const started = Date.now();
      const make = () =>
        seedDemoWorkOrders(app.db, companyId, {
          now: since,
          seed,
          days: 30,
          signal: stopping.signal,
          photo: async (username) => {
            const who = DEMO_OPERATIONS_PEOPLE.crew.find((c) => c.username === username);
            if (!who) return null;
            const k = hash32(seed, 0x9407, n++);
            const upload = () => photos.upload(who, `现场照片-${k % 100_000}.png`, sitePhoto(seed, k));
            return upload().catch(upload);
          },
          log,
        });
      // the history runs the escalation ladder and the deferral job at its own past instants: their scheduled ticks
      // wait meanwhile (here and in any other instance), or they would act on its orders at today's time
      let history: DemoHistory | undefined;
      let failure: unknown;
      const hold = (name: string, work: () => Promise<unknown>) =>
        runTick(app.db, app.dbKind, name, work, (e) => {
          failure = e;
        });
      await hold('workOrderEscalation', () =>
        hold('workOrderDeferrals', async () => {
          history = await make();
        }),
      );
      if (!history) throw failure ?? new Error('the work-order jobs were running elsewhere');
      announceWorkOrders(app, companyId);
      log(
        `work-order history: ${history.complaints} complaints, ${history.orders} orders (${JSON.stringify(history.byStatus)}) in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
    if (stopping.signal.aborted) return;
    sim = createOperationsSimulator({
      baseUrl,
      people: DEMO_OPERATIONS_PEOPLE,
      seed,
      since,
      log,
      client: { id: DEMO_SIGN_IN.clientId, secret: DEMO_SIGN_IN.clientSecret },
      ...(city ? { leakRepairAt: cityLeakRepair(city.plan) } : {}),
    });
    sim.start();
  };
  const running = run().catch((e) => {
    if (!stopping.signal.aborted) log(`operations simulator could not start: ${e instanceof Error ? e.message : e}`);
  });
  return {
    async stop() {
      stopping.abort();
      await sim?.stop();
      await running;
    },
  };
};
