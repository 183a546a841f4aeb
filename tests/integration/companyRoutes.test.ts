// Companies administration through the routes: a company creates another (its whole tenant and first
// administrator), sees only itself and the companies it created, and disables them; the own company's profile.
import { PERMISSIONS } from '@waterops/shared/auth';
import { COMPANY_PATHS, type CompanyDetail } from '@waterops/shared/company';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  postToken,
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

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysCompanyView]);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token?: string, payload?: object, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });
const save = (payload: object, token = admin, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  call('POST', COMPANY_PATHS.saveOrUpdate, token, payload, locale);
const list = async (token: string, query = '') => {
  const res = await call('GET', `${COMPANY_PATHS.list}?page=1&limit=200${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { count: number; data: CompanyDetail[] };
};
const companyCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

let n = 0;
const fresh = () => `${Date.now().toString(36)}${n++}`;
/** A valid create body: a meter maker with its first administrator (password `start123`). */
const newCompanyBody = (extra: object = {}) => {
  const s = fresh();
  return {
    name: `表厂${s}`,
    nameEn: `Meter maker ${s}`,
    kind: 'meter',
    code: `MM${s}`.slice(0, 20),
    contact: '王工',
    phone: '13912345678',
    address: '北京市海淀区',
    logoName: `表厂品牌${s}`,
    adminUsername: `cadm${s}`,
    adminPassword: 'start123',
    adminNickname: '表厂管理员',
    ...extra,
  };
};
const createCompany = async (extra: object = {}, token = admin) => {
  const body = newCompanyBody(extra);
  const res = await save(body, token);
  expect(res.json().resp_code, res.body).toBe(0);
  return { ...(res.json().datas as CompanyDetail), adminUsername: body.adminUsername, password: 'start123' };
};

describe('POST /api-user/companys/saveOrUpdate (create)', () => {
  it('creates the company, its roles, menus and first administrator, who signs in to the new tenant only', async () => {
    const before = await companyCount();
    const c = await createCompany();
    expect(await companyCount()).toBe(before + 1);
    expect(c).toMatchObject({ parentId: companyId, kind: 'meter', contact: '王工', enabled: true, own: false });

    const token = await signIn(t.app, c.adminUsername, c.password);
    const me = (await call('GET', '/api-user/users/current', token)).json().datas;
    expect(me.companyId).toBe(c.id);
    expect(me.permissions).toContain('admin');
    const brand = (await call('GET', `/api-user/companys/${c.id}`, token)).json().datas;
    expect(brand.logoName).toBe(c.logoName);
    const menus = JSON.stringify((await call('GET', '/api-user/menus/current', token)).json().datas);
    expect(menus).toContain('/system/company');
    expect(menus).toContain('/system/companyProfile');
    // the new administrator sees their own company only: not the parent, not its other customers
    const theirs = await list(token);
    expect(theirs.data.map((x) => x.id)).toEqual([c.id]);
    expect(theirs.data[0]?.own).toBe(true);
    // and their accounts list holds only their administrator
    const accounts = (await call('GET', '/api-user/users?page=1&limit=50', token)).json();
    expect(accounts.data.map((a: { username: string }) => a.username)).toEqual([c.adminUsername]);
  });

  it('logs the creation in the creating company', async () => {
    const c = await createCompany();
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['company_id', 'operation', 'detail'])
      .where('operation', '=', 'companyCreate')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.company_id).toBe(companyId);
    expect(log.detail).toContain(`company #${c.id}`);
    expect(log.detail).toContain(c.adminUsername);
    expect(log.detail).not.toContain('start123');
  });

  it.each([
    [{ name: '  ' }, 'name', 'rules.companyName.required'],
    [{ code: '' }, 'code', 'rules.companyCode.required'],
    [{ code: 'A-1' }, 'code', 'rules.companyCode.format'],
    [{ code: 'A' }, 'code', 'rules.companyCode.format'],
    [{ phone: '12345' }, 'phone', 'rules.mobile.format'],
    [{ logoImg: 'javascript:alert(1)' }, 'logoImg', 'rules.logoImg.format'],
    [{ adminUsername: '' }, 'adminUsername', 'rules.username.required'],
    [{ adminPassword: '12345' }, 'adminPassword', 'rules.accountPassword.format'],
    [{ adminMobile: '10000000000' }, 'adminMobile', 'rules.mobile.format'],
  ] as const)('answers 400 for %o with the rule message and writes nothing', async (extra, field, key) => {
    const before = await companyCount();
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await save(newCompanyBody(extra), admin, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resp_code: 400, resp_msg: (locale === 'en' ? en : zh)(key), field });
    }
    expect(await companyCount()).toBe(before);
  });

  it('answers 400 for an unknown kind', async () => {
    const res = await save(newCompanyBody({ kind: 'bank' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('kind');
  });

  it('refuses a name, a code (any case) or an administrator user name already taken, writing nothing', async () => {
    const c = await createCompany();
    const before = await companyCount();
    const cases = [
      [{ name: c.name }, 'resource.companyName.exists'],
      [{ code: (c.code ?? '').toLowerCase() }, 'resource.companyCode.exists'],
      [{ adminUsername: 'admin' }, 'resource.username.exists'],
    ] as const;
    for (const [extra, key] of cases) {
      const res = await save(newCompanyBody(extra));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh(key), datas: null });
    }
    expect(await companyCount()).toBe(before);
  });

  it('answers 401 without a token and 403 without sys:company:edit', async () => {
    expect((await save(newCompanyBody(), '')).json()).toEqual(unauthorized);
    const res = await save(newCompanyBody(), viewer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
  });
});

describe('GET /api-user/companys', () => {
  it('lists the own company and those it created; a child lists only itself; another tenant none of them', async () => {
    const a = await createCompany();
    const b = await createCompany({ kind: 'water' });
    const mine = await list(admin);
    const ids = mine.data.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([companyId, a.id, b.id]));
    expect(ids).not.toContain(other.companyId);
    for (const row of mine.data) expect(row.id === companyId || row.parentId === companyId).toBe(true);
    expect(mine.count).toBe(mine.data.length);

    // a child creates its own customer: the parent does not see the grandchild, the child sees itself and it
    const childToken = await signIn(t.app, a.adminUsername, a.password);
    const grandchild = await createCompany({ kind: 'water' }, childToken);
    expect((await list(childToken)).data.map((x) => x.id).sort()).toEqual([a.id, grandchild.id].sort());
    expect((await list(admin)).data.map((x) => x.id)).not.toContain(grandchild.id);

    expect((await list(otherAdmin)).data.map((x) => x.id)).toEqual([other.companyId]);
  });

  it('filters by name, kind and enabled and sorts by code', async () => {
    const a = await createCompany({ kind: 'water' });
    expect((await list(admin, `&name=${encodeURIComponent(a.name.slice(2))}`)).data.map((x) => x.id)).toEqual([a.id]);
    const water = await list(admin, '&kind=water');
    expect(water.data.every((x) => x.kind === 'water')).toBe(true);
    expect(water.data.map((x) => x.id)).toContain(a.id);
    expect((await list(admin, '&kind=meter')).data.map((x) => x.id)).not.toContain(a.id);
    await call('GET', `${COMPANY_PATHS.enabled}?id=${a.id}&enabled=false`, admin);
    expect((await list(admin, '&enabled=false')).data.map((x) => x.id)).toEqual([a.id]);
    const sorted = (await list(admin, '&sort=code&order=desc')).data.filter((x) => x.code !== null).map((x) => x.code);
    expect(sorted).toEqual([...sorted].sort().reverse());
  });

  it('answers 400 for an unknown filter value, 401 without a token and 403 without a permission', async () => {
    expect((await call('GET', `${COMPANY_PATHS.list}?kind=bank`, admin)).statusCode).toBe(400);
    expect((await call('GET', COMPANY_PATHS.list)).json()).toEqual(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    expect((await call('GET', COMPANY_PATHS.list, nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET /api-user/companys/exist', () => {
  it('says whether another company holds the name or code (case-insensitive), not counting the edited one', async () => {
    const c = await createCompany();
    const exist = async (q: string) => (await call('GET', `${COMPANY_PATHS.exist}?${q}`, viewer.token)).json().datas;
    expect(await exist(`field=name&value=${encodeURIComponent(c.name)}`)).toBe(true);
    expect(await exist(`field=code&value=${(c.code ?? '').toLowerCase()}`)).toBe(true);
    expect(await exist(`field=code&value=${c.code}&id=${c.id}`)).toBe(false);
    expect(await exist('field=code&value=NOSUCHCODE1')).toBe(false);
    expect((await call('GET', `${COMPANY_PATHS.exist}?field=phone&value=1`, admin)).statusCode).toBe(400);
  });
});

describe('POST /api-user/companys/saveOrUpdate (update)', () => {
  it('updates a company it created and logs it; another tenant’s or the parent’s id answers 404', async () => {
    const c = await createCompany();
    const res = await save({ id: c.id, name: `${c.name}改`, kind: 'water', code: c.code, contact: '李工' });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(res.json().datas).toMatchObject({ id: c.id, name: `${c.name}改`, kind: 'water', contact: '李工' });
    const op = await t.app.db.selectFrom('operation_log').select('operation').orderBy('id', 'desc').limit(1).execute();
    expect(op[0]?.operation).toBe('companyUpdate');

    const body = { name: '别人的公司', kind: 'water', code: 'OTHER1' };
    expect((await save({ id: other.companyId, ...body })).json()).toEqual(notFound);
    const childToken = await signIn(t.app, c.adminUsername, c.password);
    expect((await save({ id: companyId, ...body }, childToken)).json()).toEqual(notFound);
    const unchanged = await t.app.db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', other.companyId)
      .executeTakeFirstOrThrow();
    expect(unchanged.name).toBe('第二水务公司');
  });

  it('refuses disabling the own company through the form', async () => {
    const res = await save({ id: companyId, name: '演示水务公司', kind: 'water', code: 'DEMO', enabled: false });
    expect(res.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.company.self'), datas: null });
  });
});

describe('GET /api-user/companys/updateEnabled', () => {
  it('disabling a child ends its users’ sessions and refuses their sign-in; enabling lets them in again', async () => {
    const c = await createCompany();
    const token = await signIn(t.app, c.adminUsername, c.password);
    expect((await call('GET', '/api-user/users/current', token)).statusCode).toBe(200);

    const off = await call('GET', `${COMPANY_PATHS.enabled}?id=${c.id}&enabled=false`, admin);
    expect(off.json().resp_code, off.body).toBe(0);
    expect((await call('GET', '/api-user/users/current', token)).json()).toEqual(unauthorized);
    const signInRes = await postToken(t.app, { username: c.adminUsername, password: c.password });
    expect(signInRes.json()).toMatchObject({ resp_code: 1, resp_msg: zh('auth.companyDisabled') });
    const op = await t.app.db.selectFrom('operation_log').select('operation').orderBy('id', 'desc').limit(1).execute();
    expect(op[0]?.operation).toBe('companyDisable');

    await call('GET', `${COMPANY_PATHS.enabled}?id=${c.id}&enabled=true`, admin);
    expect(await signIn(t.app, c.adminUsername, c.password)).toBeTruthy();
  });

  it('refuses disabling the own company; another tenant’s id answers 404; 401 and 403', async () => {
    const self = await call('GET', `${COMPANY_PATHS.enabled}?id=${companyId}&enabled=false`, admin);
    expect(self.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.company.self'), datas: null });
    expect((await call('GET', '/api-user/users/current', admin)).statusCode).toBe(200);

    const theirs = await call('GET', `${COMPANY_PATHS.enabled}?id=${other.companyId}&enabled=false`, admin);
    expect(theirs.json()).toEqual(notFound);
    expect(await signIn(t.app, other.adminUsername, other.password)).toBeTruthy();

    expect((await call('GET', `${COMPANY_PATHS.enabled}?id=1&enabled=false`)).json()).toEqual(unauthorized);
    expect((await call('GET', `${COMPANY_PATHS.enabled}?id=1&enabled=false`, viewer.token)).json()).toEqual(forbidden);
    expect((await call('GET', `${COMPANY_PATHS.enabled}?id=x&enabled=false`, admin)).statusCode).toBe(400);
  });
});

describe('/api-user/companys/profile', () => {
  it('reads and edits the own company; the top bar’s company call shows the new logo name and image', async () => {
    const c = await createCompany();
    const token = await signIn(t.app, c.adminUsername, c.password);
    const read = (await call('GET', COMPANY_PATHS.profile, token)).json().datas as CompanyDetail;
    expect(read).toMatchObject({ id: c.id, own: true, code: c.code });

    const logoImg = '/api-file/files/0f8fad5b-d9cb-469f-a165-70867728950e';
    const res = await call('POST', COMPANY_PATHS.profile, token, {
      name: c.name,
      logoName: '新品牌',
      logoNameEn: 'New brand',
      logoImg,
      address: '上海',
    });
    expect(res.json().resp_code, res.body).toBe(0);
    const brand = (await call('GET', `/api-user/companys/${c.id}`, token)).json().datas;
    expect(brand).toMatchObject({ logoName: '新品牌', logoImg });
    const brandEn = (await call('GET', `/api-user/companys/${c.id}`, token, undefined, 'en')).json().datas;
    expect(brandEn.logoName).toBe('New brand');
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', c.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ operation: 'companyProfileUpdate' });
    expect(log.detail).toContain('logo_name');
  });

  it('answers 400 with the rule message and changes nothing; a name another company holds is refused', async () => {
    const before = (await call('GET', COMPANY_PATHS.profile, admin)).json().datas as CompanyDetail;
    const res = await call('POST', COMPANY_PATHS.profile, admin, { name: '', logoName: '不该保存' });
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.companyName.required'), field: 'name' });
    const taken = await call('POST', COMPANY_PATHS.profile, admin, { name: '第二水务公司' });
    expect(taken.json()).toEqual({ resp_code: 1, resp_msg: zh('resource.companyName.exists'), datas: null });
    expect((await call('GET', COMPANY_PATHS.profile, admin)).json().datas).toEqual(before);
  });

  it('answers 401 without a token and 403 to a viewer saving', async () => {
    expect((await call('GET', COMPANY_PATHS.profile)).json()).toEqual(unauthorized);
    expect((await call('POST', COMPANY_PATHS.profile, viewer.token, { name: 'x' })).json()).toEqual(forbidden);
  });
});
