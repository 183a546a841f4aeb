// meter/meterBase routes as a user meets them: freeze an ended month once (a running month refused), list the
// bases with filters, check them (anomalies with their messages in both languages), correct one by hand (the next
// month follows), import a sheet (bad rows answered with reasons, good rows kept); with 400, 401, 403 and another
// tenant's ids answering 404. Meter swaps: meterReplacement.test.ts.

import { XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { addMonths, chinaMonth, daysBetween, METER_BASE_PATHS, type MeterBase } from '@waterops/shared/reading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type Tenant,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { multipartBody } from '../fixtures/multipart.ts';
import { buildXlsx, readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let steady: number;
let jumpy: number;
const current = chinaMonth(new Date());
const last = addMonths(current, -1);
const before = [3, 2].map((n) => addMonths(current, -n));

const call = (
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  payload?: object,
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });

const newMeter = async (code: string, company = companyId) =>
  Number(
    (
      await t.app.db
        .insertInto('water_meters')
        .values({ company_id: company, meter_code: code, max_reading: 99999, base_reading: 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

/** A validated daily series: `perDay(day)` m³ a day, all actual. */
const series = async (meterId: number, months: string[], perDay: (day: string) => number) => {
  const days = daysBetween(`${months[0]}-01`, `${addMonths(months.at(-1) as string)}-01`).slice(0, -1);
  let reading = 0;
  const rows = days.map((day, i) => {
    const use = i === 0 ? null : perDay(day);
    reading += use ?? 0;
    return {
      company_id: companyId,
      meter_id: meterId,
      day,
      raw_reading: reading,
      reading,
      consumption: use,
      raw_consumption: use,
      quality: 'A',
      reads: 1,
      computed_at: new Date(),
    };
  });
  await t.app.db.insertInto('reading_days').values(rows).execute();
};

const list = async (query: string, token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') => {
  const res = await call('GET', `${METER_BASE_PATHS.list}?${query}`, token, undefined, locale);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; data: MeterBase[] };
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  steady = await newMeter('MB-STEADY');
  jumpy = await newMeter('MB-JUMPY');
  await series(steady, [...before, last], () => 1);
  // 1 m³ a day, then 10 m³ a day in the last month: over three times the mean of the months before
  await series(jumpy, [...before, last], (day) => (day.startsWith(last) ? 10 : 1));
});
afterAll(async () => {
  await t?.close();
});

describe('freeze', () => {
  it('freezes an ended month once and refuses a running one', async () => {
    const running = await call('POST', METER_BASE_PATHS.freeze, admin, { period: current });
    expect(running.json()).toMatchObject({
      resp_code: 1,
      resp_msg: zh('meterBase.freeze.notEnded', { period: current }),
    });

    for (const period of [...before, last]) {
      const res = await call('POST', METER_BASE_PATHS.freeze, admin, { period });
      expect(res.json(), res.body).toMatchObject({ resp_code: 0, datas: { period, frozen: 2 } });
    }
    const again = await call('POST', METER_BASE_PATHS.freeze, admin, { period: last }, 'en');
    expect(again.json()).toMatchObject({ resp_code: 1, resp_msg: en('meterBase.freeze.done', { period: last }) });

    const bad = await call('POST', METER_BASE_PATHS.freeze, admin, { period: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('meter_bases').select('id').where('period', '=', '2026-13').execute()).toEqual([]);
  });

  it('lists the bases of a period with their start, end and use, by body code prefix', async () => {
    const page = await list(`period=${last}&meterCode=MB-`);
    expect(page.count).toBe(2);
    const jumpyBase = page.data.find((b) => b.meterCode === 'MB-JUMPY') as MeterBase;
    const days = daysBetween(`${last}-01`, `${current}-01`).length - 1;
    expect(jumpyBase.consumption).toBe(10 * days);
    expect(jumpyBase.endReading).toBe((jumpyBase.startReading as number) + 10 * days);
    expect(jumpyBase).toMatchObject({ quality: 'A', source: 1, checkState: 0 });
    expect((await list(`period=${last}&meterCode=MB-ST`)).data.map((b) => b.meterCode)).toEqual(['MB-STEADY']);
  });
});

describe('export', () => {
  it("exports the list's bases with headers in the request language, and logs it", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${METER_BASE_PATHS.export}?period=${last}&meterCode=MB-`,
      headers: { ...bearer(admin), ...lang('en') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sheets = await readXlsx(res.rawPayload);
    const [rows] = Object.values(sheets) as string[][][];
    expect(rows?.[0]?.slice(0, 3)).toEqual([
      en('sheet.meterBase.meterCode'),
      en('sheet.meterBase.area'),
      en('sheet.meterBase.period'),
    ]);
    expect(
      rows
        ?.slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['MB-JUMPY', 'MB-STEADY']);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${METER_BASE_PATHS.export}?period=${last}`,
      headers: bearer(otherAdmin),
    });
    expect(Object.values(await readXlsx(theirs.rawPayload))[0]).toHaveLength(1);
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('operation', '=', 'dataExport')
      .execute();
    expect(logged.map((l) => l.detail).join()).toContain('meterBase 2 rows');
  });
});

describe('base check and corrections', () => {
  it('marks a month using over three times its usual water abnormal, with the reason in the request language', async () => {
    const res = await call('POST', METER_BASE_PATHS.baseCheck, admin, { period: last });
    expect(res.json()).toMatchObject({ resp_code: 0, datas: { checked: 2, abnormal: 1 } });
    const abnormal = await list(`period=${last}&checkState=2`, admin, 'en');
    expect(abnormal.data.map((b) => [b.meterCode, b.checkMessage])).toEqual([['MB-JUMPY', en('meterBase.check.high')]]);
    expect((await list(`period=${last}&checkState=1`)).data.map((b) => b.meterCode)).toEqual(['MB-STEADY']);
  });

  it('corrects an end reading by hand; the use follows and the next month starts there', async () => {
    const base = (await list(`period=${before[1]}&meterCode=MB-STEADY`)).data[0] as MeterBase;
    const next = (await list(`period=${last}&meterCode=MB-STEADY`)).data[0] as MeterBase;
    const end = (base.endReading as number) + 5;
    const res = await call('POST', METER_BASE_PATHS.update, admin, { id: base.id, endReading: end });
    expect(res.json()).toMatchObject({ resp_code: 0, datas: { endReading: end, source: 3 } });
    const after = (await list(`period=${last}&meterCode=MB-STEADY`)).data[0] as MeterBase;
    expect(after.startReading).toBe(end);
    expect(after.consumption).toBe((next.consumption as number) - 5);
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('operation', '=', 'meterBaseUpdate')
      .execute();
    expect(logged.map((l) => l.detail).join()).toContain('MB-STEADY');

    expect((await call('POST', METER_BASE_PATHS.update, admin, { id: base.id, endReading: -1 })).statusCode).toBe(400);
    expect((await call('POST', METER_BASE_PATHS.update, otherAdmin, { id: base.id, endReading: 1 })).json()).toEqual(
      notFound,
    );
  });

  it('imports bases from a sheet: good rows kept, bad rows answered with their row and reason', async () => {
    const content = await buildXlsx(
      ['表身号', '抄表月份', '期末底数'],
      [
        ['MB-STEADY', current, 500],
        ['NO-SUCH', current, 1],
        ['MB-JUMPY', '2026/01', 1],
        ['MB-JUMPY', current, 'abc'],
      ],
    );
    const { payload, headers } = multipartBody({ filename: 'bases.xlsx', contentType: XLSX_CONTENT_TYPE, content });
    const res = await t.app.inject({
      method: 'POST',
      url: METER_BASE_PATHS.import,
      payload,
      headers: { ...headers, ...bearer(admin), ...lang('zh-CN') },
    });
    expect(res.json(), res.body).toMatchObject({
      resp_code: 0,
      datas: {
        imported: 1,
        failed: [
          { index: 3, meterCode: 'NO-SUCH', message: zh('meterBase.import.noMeter', { code: 'NO-SUCH' }) },
          { index: 4, message: zh('meterBase.import.badPeriod', { value: '2026/01' }) },
          { index: 5, message: zh('meterBase.import.badReading', { value: 'abc' }) },
        ],
      },
    });
    const imported = (await list(`period=${current}`)).data;
    expect(imported.map((b) => [b.meterCode, b.endReading, b.source])).toEqual([['MB-STEADY', 500, 2]]);
  });
});

describe('access', () => {
  it('answers 401 without a token, 403 without the permission and 404 for another tenant', async () => {
    expect((await call('GET', `${METER_BASE_PATHS.list}?period=${last}`)).json()).toEqual(unauthorized);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.readingMeterBaseView]);
    expect((await list(`period=${last}`, viewer.token)).count).toBe(2);
    expect((await call('POST', METER_BASE_PATHS.freeze, viewer.token, { period: last })).json()).toEqual(forbidden);
    expect((await call('POST', METER_BASE_PATHS.baseCheck, viewer.token, { period: last })).json()).toEqual(forbidden);
    // the other tenant sees none of these bases
    expect((await list(`period=${last}`, otherAdmin)).count).toBe(0);
  });
});
