// Parameter config under /api-business/paramconfig: batch save (create + update, all or nothing, spec §5 "at least
// one value set to save"), getCode, getByKeyType, list, setEnabled / getEnabled, DELETE; tenant isolation,
// permissions, the log.
import { PERMISSIONS } from '@waterops/shared/auth';
import { CATALOGUE_PATHS, type ParamConfig } from '@waterops/shared/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...(token ? bearer(token) : {}), ...lang(locale) },
  });
const count = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('param_configs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const lastLog = () =>
  t.app.db
    .selectFrom('operation_log')
    .select(['operation', 'detail'])
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
let n = 0;
const group = () => `g${Date.now().toString(36)}${n++}`;
const save = async (rows: object[], token = admin) => {
  const res = await call('POST', CATALOGUE_PATHS.paramBatchSave, token, rows);
  expect(res.json().resp_code, res.body).toBe(0);
  return res.json().datas as ParamConfig[];
};
const q = (path: string, params: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

describe('batchSaveAndBatchUpdate', () => {
  it('creates rows without id and updates rows with id in one call, logging it', async () => {
    const g = group();
    const [a, b] = await save([
      { keyType: g, code: 'voltageLow', name: '低电压', value: '3.3', sort: 1 },
      { keyType: g, code: 'voltageHigh', name: '高电压', value: ' 4.2 ', sort: 2 },
    ]);
    expect(a).toMatchObject({ keyType: g, code: 'voltageLow', value: '3.3', enabled: true });
    expect(b?.value).toBe('4.2');
    const [a2, c] = await save([
      { id: a?.id, keyType: g, code: 'voltageLow', name: '低电压', value: '3.1' },
      { keyType: g, code: 'csqLow', name: '信号弱', value: '10' },
    ]);
    expect(a2).toMatchObject({ id: a?.id, value: '3.1' });
    expect(c?.code).toBe('csqLow');
    expect(await lastLog()).toMatchObject({ operation: 'paramConfigSave' });
    expect((await lastLog()).detail).toContain(`${g}.voltageLow=3.1`);
    const groupRows = (await call('GET', q(CATALOGUE_PATHS.paramsByKeyType, { keyType: g }), admin)).json().datas;
    expect((groupRows as ParamConfig[]).map((r) => r.code)).toEqual(['csqLow', 'voltageLow', 'voltageHigh']);
  });

  it('refuses a batch with no value set (spec §5 "at least one value set to save"), in zh and en; nothing written', async () => {
    const before = await count();
    const empty = await call('POST', CATALOGUE_PATHS.paramBatchSave, admin, []);
    expect(empty.json()).toMatchObject({ resp_code: 400, resp_msg: '至少设置一个值再保存' });
    const blank = await call(
      'POST',
      CATALOGUE_PATHS.paramBatchSave,
      admin,
      [{ keyType: group(), code: 'x', name: 'x', value: '  ' }],
      'en',
    );
    expect(blank.json()).toMatchObject({ resp_code: 400, resp_msg: en('rules.paramValues.required') });
    const noName = await call('POST', CATALOGUE_PATHS.paramBatchSave, admin, [
      { keyType: group(), code: 'x', name: ' ', value: '1' },
    ]);
    expect(noName.json()).toMatchObject({ resp_code: 400, resp_msg: zh('rules.paramName.required'), field: '0.name' });
    expect(await count()).toBe(before);
  });

  it('is all or nothing: a code taken in its group, or twice in the batch, writes none of the rows', async () => {
    const g = group();
    await save([{ keyType: g, code: 'a', name: 'A', value: '1' }]);
    const before = await count();
    const taken = await call('POST', CATALOGUE_PATHS.paramBatchSave, admin, [
      { keyType: g, code: 'fresh', name: 'F', value: '1' },
      { keyType: g, code: 'a', name: 'A again', value: '2' },
    ]);
    expect(taken.json()).toMatchObject({ resp_code: 1, resp_msg: '参数编码 a 在该分组中已存在' });
    const twice = await call(
      'POST',
      CATALOGUE_PATHS.paramBatchSave,
      admin,
      [
        { keyType: g, code: 'b', name: 'B', value: '1' },
        { keyType: g, code: 'b', name: 'B', value: '2' },
      ],
      'en',
    );
    expect(twice.json().resp_msg).toBe('The parameter code b already exists in its group');
    expect(await count()).toBe(before);
    // the same code in another group is fine
    await save([{ keyType: group(), code: 'a', name: 'A', value: '1' }]);
  });

  it('answers 404 for another tenant’s id (nothing of the batch written), 403 without sys:param:edit, 401 without token', async () => {
    const [mine] = await save([{ keyType: group(), code: 'x', name: 'X', value: '1' }]);
    const before = await count();
    const res = await call('POST', CATALOGUE_PATHS.paramBatchSave, otherAdmin, [
      { id: mine?.id, keyType: 'hijack', code: 'x', name: 'X', value: '9' },
    ]);
    expect(res.json()).toEqual(notFound);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysParamView]);
    const row = [{ keyType: group(), code: 'x', name: 'X', value: '1' }];
    expect((await call('POST', CATALOGUE_PATHS.paramBatchSave, viewer.token, row)).json()).toEqual(forbidden);
    expect((await call('POST', CATALOGUE_PATHS.paramBatchSave, undefined, row)).json()).toEqual(unauthorized);
    expect(await count()).toBe(before);
    const got = (
      await call('GET', q(CATALOGUE_PATHS.paramByCode, { keyType: mine?.keyType ?? '', code: 'x' }), admin)
    ).json();
    expect(got.datas.value).toBe('1');
  });
});

describe('reading, enabling and deleting', () => {
  it('getCode answers the entry or null; list holds every group; another tenant sees none of it', async () => {
    const g = group();
    const [p] = await save([{ keyType: g, code: 'leak', name: '漏损阈值', value: '0.2' }]);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysParamView]);
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramByCode, { keyType: g, code: 'leak' }), viewer.token)).json().datas,
    ).toEqual(p);
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramByCode, { keyType: g, code: 'none' }), admin)).json().datas,
    ).toBeNull();
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramByCode, { keyType: g, code: 'leak' }), otherAdmin)).json().datas,
    ).toBeNull();
    expect((await call('GET', q(CATALOGUE_PATHS.paramsByKeyType, { keyType: g }), otherAdmin)).json().datas).toEqual(
      [],
    );
    const all = (await call('GET', CATALOGUE_PATHS.params, admin)).json().datas as ParamConfig[];
    expect(all.some((r) => r.id === p?.id)).toBe(true);
    // the other tenant holds its own default alarm rules and district-metering parameters (seeded with every tenant), none of
    // this tenant's entries
    const theirs = (await call('GET', CATALOGUE_PATHS.params, otherAdmin)).json().datas as ParamConfig[];
    expect(theirs.filter((r) => !r.keyType.startsWith('alarm.') && !r.keyType.startsWith('dma.'))).toEqual([]);
    expect(theirs.some((r) => all.some((mine) => mine.id === r.id))).toBe(false);
    expect((await call('GET', q(CATALOGUE_PATHS.paramsByKeyType, { keyType: '' }), admin)).statusCode).toBe(400);
    // without keyType: every group
    const everyGroup = (await call('GET', CATALOGUE_PATHS.paramsByKeyType, admin)).json().datas as ParamConfig[];
    expect(everyGroup.map((r) => r.id)).toEqual(all.map((r) => r.id));
    const logOnly = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysLogView]);
    expect((await call('GET', CATALOGUE_PATHS.params, logOnly.token)).json()).toEqual(forbidden);
  });

  it('setEnabled switches an entry off and on; getEnabled follows (false for a missing one); 404 elsewhere', async () => {
    const g = group();
    const [p] = await save([{ keyType: g, code: 'on', name: 'On', value: '1' }]);
    const enabled = async () =>
      (await call('GET', q(CATALOGUE_PATHS.paramGetEnabled, { keyType: g, code: 'on' }), admin)).json().datas;
    expect(await enabled()).toBe(true);
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramSetEnabled, { id: p?.id ?? 0, enabled: false }), admin)).json()
        .resp_code,
    ).toBe(0);
    expect(await enabled()).toBe(false);
    expect(await lastLog()).toMatchObject({ operation: 'paramConfigEnable' });
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramGetEnabled, { keyType: g, code: 'missing' }), admin)).json().datas,
    ).toBe(false);
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramSetEnabled, { id: p?.id ?? 0, enabled: true }), otherAdmin)).json(),
    ).toEqual(notFound);
    expect(await enabled()).toBe(false);
    const viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysParamView]);
    expect(
      (await call('GET', q(CATALOGUE_PATHS.paramSetEnabled, { id: p?.id ?? 0, enabled: true }), viewer.token)).json(),
    ).toEqual(forbidden);
  });

  it('DELETE /paramconfig/:id removes an entry of the tenant and logs it; another tenant gets 404', async () => {
    const [p] = await save([{ keyType: group(), code: 'gone', name: 'Gone', value: '1' }]);
    const url = `${CATALOGUE_PATHS.paramDelete}/${p?.id}`;
    expect((await call('DELETE', url, otherAdmin)).json()).toEqual(notFound);
    expect((await call('DELETE', url)).json()).toEqual(unauthorized);
    expect((await call('DELETE', url, admin)).json().resp_code).toBe(0);
    expect(await lastLog()).toMatchObject({ operation: 'paramConfigDelete' });
    expect((await call('DELETE', url, admin)).json()).toEqual(notFound);
  });
});

describe('names in the reader’s language', () => {
  it('reads WaterOps’ own entries in the request’s language while they keep their name; a typed name stays as typed', async () => {
    const entry = async (locale: 'zh-CN' | 'en') =>
      ((await call('GET', CATALOGUE_PATHS.params, admin, undefined, locale)).json().datas as ParamConfig[]).find(
        (r) => r.keyType === 'alarm.csq' && r.code === 'alarmValue',
      );
    const zhEntry = await entry('zh-CN');
    expect(zhEntry?.name).toBe('信号强度告警值(CSQ)');
    expect((await entry('en'))?.name).toBe('Signal alarm value (CSQ)');
    // saved from the English page (its name as shown): still read in each language
    await save([{ ...zhEntry, name: 'Signal alarm value (CSQ)', value: '9' }]);
    expect((await entry('zh-CN'))?.name).toBe('信号强度告警值(CSQ)');
    // an administrator's own name is theirs
    await save([{ ...zhEntry, name: '信号弱告警', value: '10' }]);
    expect((await entry('en'))?.name).toBe('信号弱告警');
  });
});
