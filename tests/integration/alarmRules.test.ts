// The alarm rules as a rules page uses them: the defaults every tenant starts with, voltage / CSQ / RSRP warnings
// with the spec's ordering rule, the sudden increase for the tenant or one residential area, an area's own usage
// settings copied to one or several others, offline hours and delays; the engine reads what was saved. Each call's
// 400 (with the rule's message, nothing written), 401, 403 and other-tenant answers; migration 0014 on older tenants.
import { addAlarmRulesAndMenus } from '@waterops/gateway/src/db/migrations/m0014_alarms.ts';
import { loadAlarmRules } from '@waterops/gateway/src/services/alarm/alarmRuleRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { ALARM_RULE_PATHS, DEFAULT_ALARM_RULES, MONITORING_PATHS } from '@waterops/shared/monitoring';
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
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let operator: string;
let nobody: TestUser;
let other: Tenant;
let otherToken: string;
const areas: number[] = [];
let otherArea: number;

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const ruleRows = () =>
  t.app.db
    .selectFrom('param_configs')
    .select(['key_type', 'code', 'value'])
    .where('company_id', '=', companyId)
    .where('key_type', 'like', 'alarm.%')
    .orderBy('key_type')
    .orderBy('code')
    .execute();

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  operator = await signIn(t.app, 'operator', 'operator123');
  nobody = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
  other = await createSecondTenant(t.app);
  otherToken = await signIn(t.app, other.adminUsername, other.password);
  const rows = await t.app.db
    .selectFrom('areas')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(3)
    .execute();
  areas.push(...rows.map((r) => Number(r.id)));
  expect(areas).toHaveLength(3);
  const region = await t.app.db
    .insertInto('regions')
    .values({ company_id: other.companyId, region_name: '他人片区' })
    .returning('id')
    .executeTakeFirstOrThrow();
  otherArea = Number(
    (
      await t.app.db
        .insertInto('areas')
        .values({ company_id: other.companyId, region_id: region.id, area_name: '他人小区' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the defaults', () => {
  it('every tenant starts with, readable by the operator', async () => {
    const res = await get(ALARM_RULE_PATHS.alarmRules, operator);
    expect(res.json()).toMatchObject({ resp_code: 0, datas: { ...DEFAULT_ALARM_RULES, overridingAreaIds: [] } });
    expect((await get(ALARM_RULE_PATHS.alarmRules, otherToken)).json().datas.voltage).toEqual(
      DEFAULT_ALARM_RULES.voltage,
    );
  });

  it('are added to a tenant created before migration 0014, once, with the monitoring menus', async () => {
    await t.app.db
      .deleteFrom('param_configs')
      .where('company_id', '=', other.companyId)
      .where('key_type', 'like', 'alarm.%')
      .execute();
    await addAlarmRulesAndMenus(t.app.db);
    await addAlarmRulesAndMenus(t.app.db);
    expect(await loadAlarmRules(t.app.db, other.companyId)).toMatchObject(DEFAULT_ALARM_RULES);
    const pages = await t.app.db
      .selectFrom('menus')
      .select('path')
      .where('company_id', '=', other.companyId)
      .where('path', 'like', 'monitoring/%')
      .execute();
    expect(pages.map((p) => p.path).sort()).toEqual([
      'monitoring/AlarmConsolePage',
      'monitoring/MonitoringOverviewPage',
      'monitoring/StatusBoardPage',
      'monitoring/UseWaterExceptionPage',
      'monitoring/WarningRulesPage',
    ]);
  });
});

describe('voltage, csq and rsrp warnings', () => {
  it('saves and reads back each, and the engine uses them', async () => {
    const cases = [
      [
        MONITORING_PATHS.updateVoltageWarning,
        MONITORING_PATHS.getVoltageWarning,
        { alarmValue: 3.5, severeValue: 3.3 },
      ],
      [MONITORING_PATHS.updateCsqWarning, MONITORING_PATHS.getCsqWarning, { alarmValue: 12, severeValue: 6 }],
      [MONITORING_PATHS.updateRsrpWarning, MONITORING_PATHS.getRsrpWarning, { alarmValue: -105, severeValue: -118 }],
    ] as const;
    for (const [update, read, rule] of cases) {
      expect((await post(update, rule, admin)).json()).toMatchObject({ resp_code: 0, datas: rule });
      expect((await get(read, operator)).json().datas).toEqual(rule);
    }
    const rules = await loadAlarmRules(t.app.db, companyId);
    expect(rules.voltage).toEqual({ alarmValue: 3.5, severeValue: 3.3 });
    expect(rules.rsrp).toEqual({ alarmValue: -105, severeValue: -118 });
    expect((await get(MONITORING_PATHS.getVoltageWarning, otherToken)).json().datas).toEqual(
      DEFAULT_ALARM_RULES.voltage,
    );
  });

  it('refuses a severe value above the alarm value or out of range with the message, writing nothing', async () => {
    const before = await ruleRows();
    const bad = await post(MONITORING_PATHS.updateVoltageWarning, { alarmValue: 3.2, severeValue: 3.4 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'severeValue', resp_msg: zh('rules.alarm.severeAboveAlarm') });
    const enBad = await post(MONITORING_PATHS.updateCsqWarning, { alarmValue: 5, severeValue: 9 }, admin, 'en');
    expect(enBad.json().resp_msg).toBe(en('rules.alarm.severeAboveAlarm'));
    const range = await post(MONITORING_PATHS.updateVoltageWarning, { alarmValue: 20, severeValue: 5 }, admin);
    expect(range.json().resp_msg).toBe(zh('rules.alarm.voltage.range'));
    expect((await post(MONITORING_PATHS.updateCsqWarning, { alarmValue: 40, severeValue: 5 }, admin)).statusCode).toBe(
      400,
    );
    expect((await post(MONITORING_PATHS.updateRsrpWarning, { alarmValue: -110 }, admin)).statusCode).toBe(400);
    expect(await ruleRows()).toEqual(before);
  });

  it('answers 401 without a token and 403 without the rule permissions (the operator may only read)', async () => {
    expect((await get(MONITORING_PATHS.getVoltageWarning)).statusCode).toBe(401);
    expect((await get(MONITORING_PATHS.getVoltageWarning, nobody.token)).statusCode).toBe(403);
    const rule = { alarmValue: 3.4, severeValue: 3.2 };
    expect((await post(MONITORING_PATHS.updateVoltageWarning, rule)).statusCode).toBe(401);
    expect((await post(MONITORING_PATHS.updateVoltageWarning, rule, operator)).statusCode).toBe(403);
  });
});

describe('sudden increase and area settings', () => {
  it('sets the tenant’s increase, then one area’s own, which the area reads and the tenant does not', async () => {
    const tenantRule = { increasePercent: 150, increaseSeverePercent: 400, increaseMinM3: 2, increaseMeanDays: 10 };
    expect((await post(MONITORING_PATHS.updateIncrease, tenantRule, admin)).json().datas).toEqual(tenantRule);
    const areaRule = { increasePercent: 300, increaseSeverePercent: 600, increaseMinM3: 5, increaseMeanDays: 7 };
    expect(
      (await post(MONITORING_PATHS.updateIncrease, { ...areaRule, areaId: areas[0] }, admin)).json().datas,
    ).toEqual(areaRule);
    expect((await get(`${MONITORING_PATHS.getIncreaseValues}?areaId=${areas[0]}`, operator)).json().datas).toEqual(
      areaRule,
    );
    expect((await get(MONITORING_PATHS.getIncreaseValues, operator)).json().datas).toEqual(tenantRule);
    expect((await get(`${MONITORING_PATHS.getIncreaseValues}?areaId=${areas[1]}`, operator)).json().datas).toEqual(
      tenantRule,
    );
    const all = (await get(`${ALARM_RULE_PATHS.alarmRules}?areaId=${areas[0]}`, operator)).json().datas;
    expect(all.overridingAreaIds).toEqual([areas[0]]);
    expect(all.usage).toMatchObject(areaRule);
  });

  it('copies an area’s settings to one and to several areas', async () => {
    const one = await post(
      MONITORING_PATHS.cloneUseWaterException,
      { fromAreaId: areas[0], toAreaId: areas[1] },
      admin,
    );
    expect(one.json()).toMatchObject({ resp_code: 0, datas: { cloned: 1 } });
    const many = await post(
      MONITORING_PATHS.batchCloneUseWaterException,
      { fromAreaId: areas[0], toAreaIds: [areas[1], areas[2]] },
      admin,
    );
    expect(many.json().datas.cloned).toBe(2);
    const rules = await loadAlarmRules(t.app.db, companyId);
    expect(rules.usageByArea.get(areas[2] as number)).toEqual(rules.usageByArea.get(areas[0] as number));
    const reset = await post(ALARM_RULE_PATHS.resetUseWaterRule, { areaId: areas[2] }, admin);
    expect(reset.json().resp_code).toBe(0);
    expect((await loadAlarmRules(t.app.db, companyId)).usageByArea.has(areas[2] as number)).toBe(false);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select('operation')
      .where('company_id', '=', companyId)
      .where('operation', 'in', ['alarmRuleClone', 'alarmRuleUpdate'])
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad input, another tenant’s area and copying to itself, writing nothing', async () => {
    const before = await ruleRows();
    const order = await post(
      MONITORING_PATHS.updateIncrease,
      { increasePercent: 500, increaseSeverePercent: 200, increaseMinM3: 1, increaseMeanDays: 7 },
      admin,
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().resp_msg).toBe(zh('rules.alarm.alarmAboveSevere'));
    expect((await post(MONITORING_PATHS.updateIncrease, { increasePercent: 100 }, admin)).statusCode).toBe(400);
    const self = await post(
      MONITORING_PATHS.cloneUseWaterException,
      { fromAreaId: areas[0], toAreaId: areas[0] },
      admin,
    );
    expect(self.json().resp_msg).toBe(zh('rules.alarm.cloneSameArea'));
    expect(
      (await post(MONITORING_PATHS.cloneUseWaterException, { fromAreaId: areas[0], toAreaId: otherArea }, admin))
        .statusCode,
    ).toBe(404);
    expect(
      (await post(MONITORING_PATHS.batchCloneUseWaterException, { fromAreaId: areas[0], toAreaIds: [] }, admin))
        .statusCode,
    ).toBe(400);
    expect((await get(`${MONITORING_PATHS.getIncreaseValues}?areaId=${otherArea}`, admin)).statusCode).toBe(404);
    expect((await post(ALARM_RULE_PATHS.resetUseWaterRule, { areaId: otherArea }, admin)).statusCode).toBe(404);
    expect(await ruleRows()).toEqual(before);
    for (const [path, body] of [
      [
        MONITORING_PATHS.updateIncrease,
        { increasePercent: 150, increaseSeverePercent: 400, increaseMinM3: 2, increaseMeanDays: 10 },
      ],
      [MONITORING_PATHS.cloneUseWaterException, { fromAreaId: areas[0], toAreaId: areas[1] }],
      [MONITORING_PATHS.batchCloneUseWaterException, { fromAreaId: areas[0], toAreaIds: [areas[1]] }],
    ] as const) {
      expect((await post(path, body)).statusCode).toBe(401);
      expect((await post(path, body, operator)).statusCode).toBe(403);
    }
  });
});

describe('offline hours and delays', () => {
  it('saves them in order and refuses hours out of order', async () => {
    const hours = { alarmHours: 12, severeHours: 36, urgentHours: 60 };
    expect((await post(ALARM_RULE_PATHS.updateOfflineWarning, hours, admin)).json().datas).toEqual(hours);
    const bad = await post(
      ALARM_RULE_PATHS.updateOfflineWarning,
      { alarmHours: 48, severeHours: 24, urgentHours: 72 },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().resp_msg).toBe(zh('rules.alarm.offlineOrder'));
    const delay = { onDelaySeconds: 60, offDelaySeconds: 600 };
    expect((await post(ALARM_RULE_PATHS.updateAlarmDelay, delay, admin)).json().datas).toEqual(delay);
    expect(
      (await post(ALARM_RULE_PATHS.updateAlarmDelay, { onDelaySeconds: -1, offDelaySeconds: 0 }, admin)).statusCode,
    ).toBe(400);
    const rules = await loadAlarmRules(t.app.db, companyId);
    expect(rules).toMatchObject({ offline: hours, delay });
    expect((await post(ALARM_RULE_PATHS.updateAlarmDelay, delay)).statusCode).toBe(401);
    expect((await post(ALARM_RULE_PATHS.updateOfflineWarning, hours, operator)).statusCode).toBe(403);
    expect((await get(ALARM_RULE_PATHS.alarmRules)).statusCode).toBe(401);
    expect((await get(ALARM_RULE_PATHS.alarmRules, nobody.token)).statusCode).toBe(403);
    expect((await get(`${ALARM_RULE_PATHS.alarmRules}?areaId=${otherArea}`, admin)).statusCode).toBe(404);
    expect((await loadAlarmRules(t.app.db, other.companyId)).offline).toEqual(DEFAULT_ALARM_RULES.offline);
  });
});
