// Walks every route the app registers (app.registeredRoutes), so a route added later is covered without being
// listed here: each protected route answers 401 without a token and 403 to a signed-in user holding no permission,
// and no list answers another tenant's rows. Public routes are an explicit allow-list: a new public route fails this
// test until someone adds it here on purpose. (Proxied prefixes, when an upstream is configured, are public here and
// checked by the upstream; this app serves every prefix itself.)
import type { RegisteredRoute } from '@waterops/gateway/src/app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { forbidden, unauthorized } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

/** Routes anyone may call. Adding one here is a decision: say why beside it. */
const PUBLIC_ROUTES = [
  // sign-in, sign-out (revokes the token it is given), the verification code and whether it is needed
  'POST /api-uaa/oauth/token',
  'GET /api-uaa/oauth/remove/token',
  'GET /api-uaa/validata/code',
  'GET /api-uaa/validata/required',
  // self-registration: the SMS code (behind the image code, limited per mobile and IP) and the registration itself
  'POST /api-uaa/sms/code',
  'POST /api-uaa/register',
  // stored images: an <img> sends no bearer (ids are random UUIDs)
  'GET /api-file/files/:id',
  // the ingestion API: signed with a device key instead of a user token (401 without one: ingestRoutes.test.ts)
  'POST /api-workbench/ingest/readings',
  'GET /api-workbench/ingest/commands',
  'POST /api-workbench/ingest/commandResults',
  'POST /api-workbench/ingest/archives',
  'GET /api-workbench/ingest/status',
  // probes and the API docs
  'GET /healthz',
  'GET /readyz',
  'GET /docs',
  'GET /docs/json',
  'GET /docs/yaml',
  'GET /docs/static/*',
  'GET /docs/static/index.html',
  'GET /docs/static/swagger-initializer.js',
  // Prometheus metrics: no user's API; the handler answers loopback or the metrics token only (metrics.test.ts)
  'GET /metrics',
  // the web app's files and its client-side routes
  'GET /*',
].sort();

let t: TestApp;
let companyId: number;
let nobody: TestUser;
let admin: string;
let other: Tenant;
let otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  nobody = await createUserWithPermissions(t.app, companyId, []);
});
afterAll(async () => {
  await t?.close();
});

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;
/** HEAD twins behave as their GET routes; checking the GET is enough. */
const routes = () => t.app.registeredRoutes.filter((r) => r.method !== 'HEAD');
const protectedRoutes = () => routes().filter((r) => r.access.public !== true);
/** A concrete URL for a route pattern: every parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');

type Schemaish = { properties?: Record<string, { type?: string; items?: unknown }> };
/**
 * Result lists that are not a tenant's rows: the home statistics answer one item whose id is the widget asked for
 * (the same in every tenant; their figures' tenant and scope are tested in dashboardStatistics.test.ts).
 */
const NOT_ROW_LISTS = ['GET /api-workbench/home/statistics'];
/** Paged lists (`{code, count, data}`) and the Result lists (`{datas: [...]}`) without path parameters. */
const isList = (r: RegisteredRoute): boolean => {
  if (r.method !== 'GET' || r.url.includes(':') || NOT_ROW_LISTS.includes(key(r))) return false;
  const props = (r.responseSchema as Schemaish | undefined)?.properties;
  return Boolean(props && ((props.count && props.data) || props.datas?.type === 'array'));
};

const rowsOf = (body: { data?: unknown; datas?: unknown }): Record<string, unknown>[] =>
  (Array.isArray(body.data) ? body.data : Array.isArray(body.datas) ? body.datas : []) as Record<string, unknown>[];

describe('every registered route', () => {
  it('has the expected public routes and no others', () => {
    const publicRoutes = [
      ...new Set(
        routes()
          .filter((r) => r.access.public === true)
          .map(key),
      ),
    ].sort();
    expect(publicRoutes).toEqual(PUBLIC_ROUTES);
    expect(protectedRoutes().length).toBeGreaterThan(10);
  });

  it('documents every protected route, with its 200 response, in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    for (const r of protectedRoutes()) {
      const op = doc.paths[r.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op, key(r)).toBeDefined();
      expect(op.responses?.['200'], key(r)).toBeDefined();
    }
  });

  it('answers 401 without a token on every protected route', async () => {
    for (const r of protectedRoutes()) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), payload: {} });
      expect(res.statusCode, key(r)).toBe(401);
      expect(res.json(), key(r)).toEqual(unauthorized);
    }
  });

  it('answers 403 to a signed-in user holding no permission on every protected route (their own session’s too)', async () => {
    for (const r of protectedRoutes()) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(nobody.token),
        payload: {},
      });
      expect(res.statusCode, key(r)).toBe(403);
      expect(res.json(), key(r)).toEqual(forbidden);
    }
  });

  it('never answers a list with another tenant’s rows', async () => {
    const lists = protectedRoutes().filter(isList);
    expect(lists.map(key)).toEqual(expect.arrayContaining(['GET /api-user/roles', 'GET /api-user/logs']));
    let compared = 0;
    for (const r of lists) {
      const url = `${r.url}?page=1&limit=999`;
      const mine = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
      const theirs = await t.app.inject({ method: 'GET', url, headers: bearer(otherAdmin) });
      expect(mine.statusCode, key(r)).toBe(200);
      expect(theirs.statusCode, key(r)).toBe(200);
      const myRows = rowsOf(mine.json());
      const theirRows = rowsOf(theirs.json());
      // a row's identity: its id, or the user it is about (the crew); rows with neither are not compared by id
      const idOf = (row: Record<string, unknown>) => row.id ?? row.userId;
      const myIds = new Set<unknown>(myRows.map(idOf).filter((id) => id !== undefined));
      expect(
        theirRows.filter((row) => myIds.has(idOf(row))),
        key(r),
      ).toEqual([]);
      for (const row of theirRows) if ('companyId' in row) expect(row.companyId, key(r)).toBe(other.companyId);
      if (myRows.length && theirRows.length) compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(2);
  });
});
