// Ingestion keys as users manage them: a key is answered in clear once, stored only hashed (nowhere in ingest_keys,
// the list or the operation log), signs ingestion calls until it is disabled or deleted; company or concentrator keys
// of the tenant only; names required; tenant, permissions and the operation log.
import { createHash } from 'node:crypto';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type IngestKey, type IngestKeyCreated, ingestAuthHeader } from '@waterops/shared/deviceStatus';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const asDevice = (key: string) =>
  t.app.inject({ method: 'GET', url: INGEST_PATHS.status, headers: { authorization: ingestAuthHeader(key) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const keyCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('ingest_keys')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const createKey = async (body: object, token = admin) => {
  const res = await call('POST', INGEST_PATHS.keySave, token, body);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as IngestKeyCreated;
};
const listKeys = async (token = admin, query = '') =>
  (await call('GET', `${INGEST_PATHS.keys}?limit=999${query}`, token)).json().data as IngestKey[];
/** Waits out the ingestion side's 5 s key cache on the test clock. */
const passKeyCache = () => t.clock.advance(6_000);

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.deviceIngestKeyView]);
});
afterAll(async () => {
  await t?.close();
});

describe('POST ingest/keys/save', () => {
  it('answers a company key once; only its hash and prefix are stored, and it signs ingestion calls', async () => {
    // padded, as typed: the 20-character name limit (spec §5) counts the padding too, so the name itself is short
    const name = uniq('head ');
    const created = await createKey({ name: `  ${name} ` });
    expect(created.key.length).toBeGreaterThanOrEqual(32);
    expect(created.key.startsWith(created.keyPrefix)).toBe(true);

    const stored = await t.app.db
      .selectFrom('ingest_keys')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(stored.name).toBe(name);
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const listedBody = (await call('GET', `${INGEST_PATHS.keys}?limit=999`, admin)).body;
    expect(listedBody).not.toContain(created.key);
    const row = (await listKeys()).find((k) => k.id === created.id);
    expect(row).toMatchObject({
      name,
      keyPrefix: created.keyPrefix,
      concentratorId: null,
      enabled: true,
      createdBy: 'admin',
      lastUsedTime: null,
    });

    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('ingestKeyCreate');
    expect(log.detail).toContain(name);
    expect(log.detail).not.toContain(created.key);

    expect((await asDevice(created.key)).statusCode).toBe(200);
    expect((await asDevice(`${created.key}x`)).statusCode).toBe(401);
  });

  it('makes a key for one concentrator of the tenant, and refuses another tenant’s (400, both languages)', async () => {
    const own = await t.app.db
      .insertInto('concentrators')
      .values({ company_id: companyId, concentrator_code: uniq('KC'), area_id: null })
      .returning(['id', 'concentrator_code'])
      .executeTakeFirstOrThrow();
    const created = await createKey({ name: uniq('hub '), concentratorId: Number(own.id) });
    expect((await listKeys()).find((k) => k.id === created.id)).toMatchObject({
      concentratorId: Number(own.id),
      concentratorCode: own.concentrator_code,
    });

    const foreign = await t.app.db
      .insertInto('concentrators')
      .values({ company_id: other.companyId, concentrator_code: uniq('KX'), area_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await keyCount();
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await call(
        'POST',
        INGEST_PATHS.keySave,
        admin,
        { name: 'x', concentratorId: Number(foreign.id) },
        locale,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field: 'concentratorId',
        resp_msg: (locale === 'en' ? en : zh)('resource.ingestKey.unknownConcentrator'),
      });
    }
    expect(await keyCount()).toBe(before);
  });

  it.each([
    [{ name: '   ' }, 'name'],
    [{}, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
    [{ name: 'ok', concentratorId: 0 }, 'concentratorId'],
  ] as const)('bad input %o → 400 on %s, nothing written', async (body, field) => {
    const before = await keyCount();
    const res = await call('POST', INGEST_PATHS.keySave, admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
    expect(await keyCount()).toBe(before);
  });

  it('says "please enter the key name" for a blank name', async () => {
    const res = await call('POST', INGEST_PATHS.keySave, admin, { name: ' ' });
    expect(res.json().resp_msg).toBe(zh('rules.ingestKeyName.required'));
  });
});

describe('enable, disable, delete', () => {
  it('a disabled key is refused by ingestion, enabled again it works; a deleted key is gone; all logged', async () => {
    const created = await createKey({ name: uniq('toggle ') });
    expect((await asDevice(created.key)).statusCode).toBe(200);

    const off = await call('POST', INGEST_PATHS.keyEnabled, admin, { id: created.id, enabled: false });
    expect(off.json().datas).toMatchObject({ id: created.id, enabled: false });
    passKeyCache();
    expect((await asDevice(created.key)).statusCode).toBe(401);
    expect((await listKeys(admin, '&enabled=false')).map((k) => k.id)).toContain(created.id);

    await call('POST', INGEST_PATHS.keyEnabled, admin, { id: created.id, enabled: true });
    passKeyCache();
    expect((await asDevice(created.key)).statusCode).toBe(200);

    expect((await call('POST', INGEST_PATHS.keyDelete, admin, { id: created.id })).json().resp_code).toBe(0);
    passKeyCache();
    expect((await asDevice(created.key)).statusCode).toBe(401);
    expect((await listKeys()).map((k) => k.id)).not.toContain(created.id);

    const ops = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(ops.map((o) => o.operation)).toEqual(['ingestKeyDelete', 'ingestKeyEnable', 'ingestKeyEnable']);
  });

  it('another tenant’s key answers 404 and is not listed; unknown ids too', async () => {
    const created = await createKey({ name: uniq('mine ') });
    expect((await listKeys(otherAdmin)).map((k) => k.id)).not.toContain(created.id);
    for (const [url, body] of [
      [INGEST_PATHS.keyEnabled, { id: created.id, enabled: false }],
      [INGEST_PATHS.keyDelete, { id: created.id }],
      [INGEST_PATHS.keyDelete, { id: 987654 }],
    ] as const)
      expect((await call('POST', url, otherAdmin, body)).json()).toMatchObject(notFound);
    expect((await listKeys()).find((k) => k.id === created.id)?.enabled).toBe(true);
  });
});

describe('permissions', () => {
  it('401 without a token; a viewer lists but cannot create, toggle or delete (403)', async () => {
    expect((await call('GET', INGEST_PATHS.keys)).json()).toMatchObject(unauthorized);
    expect((await call('POST', INGEST_PATHS.keySave, undefined, { name: 'x' })).json()).toMatchObject(unauthorized);
    expect((await call('GET', INGEST_PATHS.keys, viewer.token)).json().code).toBe(0);
    const before = await keyCount();
    expect((await call('POST', INGEST_PATHS.keySave, viewer.token, { name: 'x' })).json()).toMatchObject(forbidden);
    expect((await call('POST', INGEST_PATHS.keyEnabled, viewer.token, { id: 1, enabled: false })).json()).toMatchObject(
      forbidden,
    );
    expect((await call('POST', INGEST_PATHS.keyDelete, viewer.token, { id: 1 })).json()).toMatchObject(forbidden);
    expect(await keyCount()).toBe(before);
  });
});
