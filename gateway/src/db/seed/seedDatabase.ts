// First-start data: with WATEROPS_DEMO (default) the demo tenant and its users — an administrator, an operator and the
// work-order people (a dispatcher, a customer-service agent, six crew members in three teams with this week's and the
// next week's duty roster); otherwise one tenant with one administrator whose password comes from
// WATEROPS_ADMIN_PASSWORD. Either way the web app's OAuth client. Runs only on an empty database, so a restart keeps
// everything and seeds nothing twice.
import { type Kysely, sql } from 'kysely';
import { hashPassword } from '../../services/uaa/passwordHash.ts';
import { loadDeadlineContext } from '../../services/workorder/deadlineSettings.ts';
import type { DB } from '../tables.ts';
import { createTenant, OPERATOR_ROLE_CODE, type TenantSeed } from './createTenant.ts';
import { seedDemoNetwork } from './demoNetwork.ts';
import { seedDemoNotices } from './demoNotices.ts';
import {
  DEMO_CREW_PASSWORD,
  DEMO_DISPATCHER,
  DEMO_PEOPLE,
  DEMO_SERVICE,
  fillDemoRoster,
  rosterDays,
  seedDemoCrew,
} from './demoPeople.ts';
import { seedDemoPlaces } from './demoPlaces.ts';

/** The demo sign-in printed at start (and documented in the README). */
export const DEMO_SIGN_IN = {
  username: 'admin',
  password: 'admin123',
  operator: { username: 'operator', password: 'operator123' },
  dispatcher: DEMO_DISPATCHER,
  service: DEMO_SERVICE,
  /** crew1 … crew6 */
  crewPassword: DEMO_CREW_PASSWORD,
  clientId: 'webApp',
  clientSecret: 'webApp',
} as const;

export type SeedOptions = {
  demo: boolean;
  adminPassword?: string | undefined;
  /** the clock (the duty roster is this week's and the next's) */
  now?: Date;
};

// Several instances may start together on one PostgreSQL: the first takes this lock and seeds, the others wait and
// then find the data there.
const SEED_LOCK = 72_002;

const demoTenant: TenantSeed = {
  name: '演示水务公司',
  nameEn: 'Demo Water Co.',
  // the simulated city is Beijing: a mean supply pressure of 0.38 MPa (CJJ 92 R3: 0.5 %), frost depth 0.8 m (R4: 0)
  lossRate: { supplyPressureMpa: 0.38, maxFrostDepthM: 0.8 },
  users: [
    {
      username: DEMO_SIGN_IN.username,
      password: DEMO_SIGN_IN.password,
      nickname: '系统管理员',
      mobile: '13800138000',
      roles: ['ADMIN'],
    },
    {
      username: DEMO_SIGN_IN.operator.username,
      password: DEMO_SIGN_IN.operator.password,
      nickname: '值班操作员',
      mobile: '13900139000',
      roles: [OPERATOR_ROLE_CODE],
    },
    ...DEMO_PEOPLE.map(({ username, password, nickname, mobile, roles }) => ({
      username,
      password,
      nickname,
      mobile,
      roles,
    })),
  ],
};

const productionTenant = (adminPassword: string): TenantSeed => ({
  name: '水务公司',
  nameEn: 'Water utility',
  users: [{ username: 'admin', password: adminPassword, nickname: '系统管理员', roles: ['ADMIN'] }],
});

/** Seeds an empty database; returns false (and changes nothing) when it already holds a tenant. */
export const seedDatabase = (db: Kysely<DB>, opts: SeedOptions): Promise<boolean> =>
  db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(tx);
    const existing = await tx.selectFrom('companies').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    if (!opts.demo && !opts.adminPassword) throw new Error('WATEROPS_ADMIN_PASSWORD is required when WATEROPS_DEMO=0');
    await tx
      .insertInto('oauth_clients')
      .values({
        client_id: DEMO_SIGN_IN.clientId,
        secret_hash: await hashPassword(DEMO_SIGN_IN.clientSecret),
        scope: 'app',
      })
      .onConflict((oc) => oc.column('client_id').doNothing())
      .execute();
    const tenant = await createTenant(tx, opts.demo ? demoTenant : productionTenant(opts.adminPassword as string));
    if (opts.demo) {
      const departments = await seedDemoPlaces(tx, tenant.companyId);
      await seedDemoCrew(tx, tenant.companyId, tenant.userIds, departments);
      // the duty roster of this week and the next (the work-order history fills in the weeks it goes back)
      const now = opts.now ?? new Date();
      const { calendar } = await loadDeadlineContext(tx, tenant.companyId);
      await fillDemoRoster(tx, tenant.companyId, rosterDays(now, now), calendar);
      await seedDemoNotices(tx, tenant);
      await seedDemoNetwork(tx, tenant.companyId);
    }
    return true;
  });
