// Reading rate (meter/meterBase/readingRate): read meter-days (reading_days with reads) against the meters in use ×
// the days of the range, per residential area, concentrator and day; the region / area / concentrator filters;
// meters out of use not counted; the 93-day limit with its message; tenant, data scope and permission.
import { PERMISSIONS } from '@waterops/shared/auth';
import { PLACE_PATHS } from '@waterops/shared/place';
import { READING_RECORD_PATHS, type ReadingRate } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
} from '../fixtures/factories.ts';
import { en, forbidden, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let region: number;
let areaA: { id: number; name: string };
let areaB: { id: number; name: string };
let conc: { id: number; code: string };
let otherRegion: number;

const call = (url: string, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
let n = 0;
const uniq = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;
const id = (row: { id: number | string }) => Number(row.id);

const D1 = '2026-03-01';
const D2 = '2026-03-02';
const D3 = '2026-03-03';

const insertRegion = async (company: number) =>
  id(
    await t.app.db
      .insertInto('regions')
      .values({ company_id: company, region_name: uniq('片区') })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
const insertArea = async (company: number, regionId: number) => {
  const name = uniq('小区');
  const row = await t.app.db
    .insertInto('areas')
    .values({ company_id: company, region_id: regionId, area_name: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: id(row), name };
};
const insertMeter = async (company: number, areaId: number, concentratorId: number | null = null, used = true) =>
  id(
    await t.app.db
      .insertInto('water_meters')
      .values({
        company_id: company,
        meter_code: uniq('M'),
        area_id: areaId,
        concentrator_id: concentratorId,
        used,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
/** Validated days of a meter: `reads` per day (0: an estimated day without a read). */
const insertDays = async (company: number, meterId: number, days: [string, number][]) =>
  t.app.db
    .insertInto('reading_days')
    .values(
      days.map(([day, reads]) => ({
        company_id: company,
        meter_id: meterId,
        day,
        reading: 1,
        quality: reads > 0 ? 'A' : 'E',
        rule: reads > 0 ? null : 'gap',
        reads,
      })),
    )
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  region = await insertRegion(companyId);
  areaA = await insertArea(companyId, region);
  areaB = await insertArea(companyId, region);
  otherRegion = await insertRegion(companyId);
  const code = uniq('C');
  conc = {
    code,
    id: id(
      await t.app.db
        .insertInto('concentrators')
        .values({ company_id: companyId, concentrator_code: code })
        .returning('id')
        .executeTakeFirstOrThrow(),
    ),
  };

  // area A: two meters under the concentrator, read every day but one; a meter out of use with reads (not counted)
  const a1 = await insertMeter(companyId, areaA.id, conc.id);
  const a2 = await insertMeter(companyId, areaA.id, conc.id);
  const unused = await insertMeter(companyId, areaA.id, conc.id, false);
  await insertDays(companyId, a1, [
    [D1, 4],
    [D2, 3],
    [D3, 1],
  ]);
  await insertDays(companyId, a2, [
    [D1, 2],
    [D2, 0],
    [D3, 5],
    // outside the range
    ['2026-03-04', 1],
  ]);
  await insertDays(companyId, unused, [[D1, 1]]);
  // area B: one meter without concentrator, read once; one never read
  const b1 = await insertMeter(companyId, areaB.id);
  await insertMeter(companyId, areaB.id);
  await insertDays(companyId, b1, [[D2, 1]]);
  // a meter of another region of the tenant, read every day: outside the region filter
  const elsewhere = await insertMeter(companyId, (await insertArea(companyId, otherRegion)).id);
  await insertDays(companyId, elsewhere, [
    [D1, 1],
    [D2, 1],
    [D3, 1],
  ]);
  // another tenant's meter read on the same days
  const other = await createSecondTenant(t.app);
  const theirArea = await insertArea(other.companyId, await insertRegion(other.companyId));
  const theirs = await insertMeter(other.companyId, theirArea.id);
  await insertDays(other.companyId, theirs, [
    [D1, 1],
    [D2, 1],
  ]);
});
afterAll(async () => {
  await t?.close();
});

const rate = async (query: string, token = admin) => {
  const res = await call(`${READING_RECORD_PATHS.readingRate}?from=${D1}&to=${D3}&${query}`, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as ReadingRate;
};

describe('GET meter/meterBase/readingRate', () => {
  it('per area: meters in use × days expected, days with a read counted, and the overall rate', async () => {
    const r = await rate(`groupBy=area&regionId=${region}`);
    expect(r).toMatchObject({ groupBy: 'area', from: D1, to: D3, days: 3 });
    const byName = Object.fromEntries(r.groups.map((g) => [g.name, g]));
    expect(byName[areaA.name]).toEqual({
      id: areaA.id,
      name: areaA.name,
      meters: 2,
      expected: 6,
      read: 5,
      rate: 83.33,
    });
    expect(byName[areaB.name]).toEqual({
      id: areaB.id,
      name: areaB.name,
      meters: 2,
      expected: 6,
      read: 1,
      rate: 16.67,
    });
    expect(r.groups).toHaveLength(2);
    expect(r.overall).toEqual({ meters: 4, expected: 12, read: 6, rate: 50 });
  });

  it('per concentrator: meters without one form their own group', async () => {
    const r = await rate(`groupBy=concentrator&regionId=${region}`);
    expect(r.groups).toEqual([
      { id: conc.id, name: conc.code, meters: 2, expected: 6, read: 5, rate: 83.33 },
      { id: null, name: '', meters: 2, expected: 6, read: 1, rate: 16.67 },
    ]);
  });

  it('per day: every day of the range, each expecting every meter', async () => {
    const r = await rate(`groupBy=day&regionId=${region}`);
    expect(r.groups.map((g) => [g.name, g.expected, g.read, g.rate])).toEqual([
      [D1, 4, 2, 50],
      [D2, 4, 2, 50],
      [D3, 4, 2, 50],
    ]);
    expect(r.overall).toMatchObject({ expected: 12, read: 6, rate: 50 });
  });

  it('narrows to an area or a concentrator', async () => {
    expect((await rate(`groupBy=day&areaId=${areaB.id}`)).overall).toEqual({
      meters: 2,
      expected: 6,
      read: 1,
      rate: 16.67,
    });
    expect((await rate(`groupBy=area&concentratorId=${conc.id}`)).groups).toEqual([
      { id: areaA.id, name: areaA.name, meters: 2, expected: 6, read: 5, rate: 83.33 },
    ]);
  });

  it("never counts another tenant's meters", async () => {
    const all = await rate('groupBy=area');
    expect(all.groups.map((g) => g.id)).not.toContain(null);
    // the tenant's own: the 4 meters of the region and the one elsewhere (the demo tenant may hold more, unread)
    expect(all.overall.read).toBe(9);
  });

  it('an account limited to an area sees only its meters', async () => {
    const user = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRateView]);
    const saved = await t.app.inject({
      method: 'POST',
      url: PLACE_PATHS.userRegionAreaSave,
      payload: { userId: user.id, regionIds: [], areaIds: [areaA.id] },
      headers: bearer(admin),
    });
    expect(saved.json().resp_code, saved.body).toBe(0);
    const token = await signIn(t.app, user.username, user.password);
    const r = await rate('groupBy=area', token);
    expect(r.groups.map((g) => g.id)).toEqual([areaA.id]);
    expect(r.overall).toEqual({ meters: 2, expected: 6, read: 5, rate: 83.33 });
  });

  it('refuses more than 93 days and an unknown grouping, in both languages', async () => {
    const url = `${READING_RECORD_PATHS.readingRate}?groupBy=day&from=2026-01-01&to=2026-04-04`;
    expect((await call(url, admin)).json()).toMatchObject({
      resp_msg: zh('readingRecord.rangeTooLong', { max: 93 }),
      field: 'to',
    });
    expect((await call(url, admin, 'en')).json()).toMatchObject({
      resp_msg: en('readingRecord.rangeTooLong', { max: 93 }),
    });
    expect((await call(`${READING_RECORD_PATHS.readingRate}?groupBy=meter`, admin)).statusCode).toBe(400);
  });

  it("lets the page's holders read the region and area lists its filters select from", async () => {
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRateView]);
    expect((await call(`${PLACE_PATHS.regions}?limit=999`, viewer.token)).json().code).toBe(0);
    expect((await call(`${PLACE_PATHS.areaSearch}?areaName=${areaA.name}`, viewer.token)).json()).toMatchObject({
      code: 0,
      count: 1,
    });
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    expect((await call(READING_RECORD_PATHS.readingRate)).json()).toEqual(unauthorized);
    const recordViewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingRecordView]);
    expect((await call(READING_RECORD_PATHS.readingRate, recordViewer.token)).json()).toEqual(forbidden);
  });
});
