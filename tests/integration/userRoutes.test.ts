import { PERMISSIONS } from '@waterops/shared/auth';
import { translate } from '@waterops/shared/i18n';
import { type MenuEntry, USER_PATHS } from '@waterops/shared/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSecondTenant,
  createSignedInUser,
  createUserWithPermissions,
  demoCompanyId,
  signIn,
  type Tenant,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, notFound, unauthorized, zh } from '../fixtures/messages.ts';
import { jsonRequests, userRow as rowOfUser } from '../fixtures/requests.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
/** holds no permission at all */
let nobody: TestUser;
/** may view (the shell starts) but not edit the profile, change the password or read the log */
let viewer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  nobody = await createUserWithPermissions(t.app, companyId, []);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.profileView]);
});
afterAll(async () => {
  await t?.close();
});

const { get, put } = jsonRequests(() => t.app);
const userRow = (username: string) => rowOfUser(t.app, username);

describe('GET /api-user/users/current', () => {
  it('returns the signed-in administrator with the company in the request language and every permission', async () => {
    const res = await get('/api-user/users/current', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      resp_code: 0,
      datas: {
        username: 'admin',
        nickname: '系统管理员',
        mobile: '13800138000',
        headImgUrl: null,
        companyId,
        companyName: '演示水务公司',
        roles: [{ code: 'ADMIN', name: '超级管理员', type: '1' }],
      },
    });
    expect(body.datas.permissions).toEqual(
      expect.arrayContaining([
        'admin',
        'user:profile:view',
        'user:profile:edit',
        'user:password:edit',
        'file:upload',
        'sys:log:view',
      ]),
    );
    expect(new Date(body.datas.createTime).toString()).not.toBe('Invalid Date');
    const inEnglish = (await get('/api-user/users/current', admin, 'en')).json();
    expect(inEnglish.datas).toMatchObject({ companyName: 'Demo Water Co.', roles: [{ name: 'Administrator' }] });
    expect(inEnglish.resp_msg).toBe(en('common.success'));
  });

  it('gives the operator the shell and control-room permissions but neither admin nor the log', async () => {
    const operator = await signIn(t.app, 'operator', 'operator123');
    const { datas } = (await get('/api-user/users/current', operator)).json();
    // the shell, and the control room's pages: device status, valve control, commands and readings to look at
    expect(datas.permissions.sort()).toEqual([
      'complaint:view',
      'device:command:view',
      'device:status:view',
      'device:valveControl:edit',
      'device:valveControl:view',
      'dma:analysis:view',
      'dma:district:view',
      'file:upload',
      'monitoring:alarm:edit',
      'monitoring:alarm:view',
      'monitoring:rule:view',
      'monitoring:stats:view',
      'reading:dataCheck:view',
      'reading:rate:view',
      'reading:record:view',
      'user:password:edit',
      'user:profile:edit',
      'user:profile:view',
      'workorder:create',
      'workorder:view',
    ]);
  });

  it('shows another tenant’s administrator their own tenant only', async () => {
    const token = await signIn(t.app, other.adminUsername, other.password);
    const { datas } = (await get('/api-user/users/current', token)).json();
    expect(datas).toMatchObject({
      username: other.adminUsername,
      companyId: other.companyId,
      companyName: '第二水务公司',
    });
  });

  it('answers 401 without a token and 403 to a role without user:profile:view', async () => {
    expect((await get('/api-user/users/current')).json()).toEqual(unauthorized);
    const res = await get('/api-user/users/current', nobody.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    expect((await get('/api-user/users/current', nobody.token, 'en')).json().resp_msg).toBe(en('errors.forbidden'));
  });
});

describe('GET /api-user/menus/current', () => {
  const names = (tree: MenuEntry[]): unknown[] =>
    tree.map((m) => (m.subMenus.length ? [m.name, names(m.subMenus)] : m.name));

  it('gives the administrator the whole tree, sorted, without permission entries, named in the request language', async () => {
    const zhTree = (await get('/api-user/menus/current', admin)).json().datas as MenuEntry[];
    expect(names(zhTree)).toEqual([
      '首页',
      '个人中心',
      ['档案管理', ['片区管理', '小区管理', '用户档案', '用户类别']],
      [
        '设备管理',
        [
          '集中器管理',
          '采集器管理',
          '水表管理',
          '阀门管理',
          '表型管理',
          '采集器类型',
          '厂家管理',
          '阀门控制',
          '设备命令',
          '设备状态',
          '接入密钥',
          '黑名单',
        ],
      ],
      ['抄表管理', ['抄表底数', '底数核对与导入', '抄表记录', '数据校验', '抄表率']],
      ['监控中心', ['告警控制台', '设备状态看板', '监控统计', '用水异常', '告警规则']],
      ['工单中心', ['工单调度', '我的工单', '投诉管理', '工作日历']],
      ['分区计量', ['运营地图', '分区管理', '产销差分析', '夜间流量']],
      ['管网管理', ['管线管理', '管井管理', '管网监测']],
      [
        '系统管理',
        [
          '账号管理',
          '角色管理',
          '部门管理',
          '操作日志',
          '短信发件箱',
          '公司管理',
          '公司信息',
          '参数配置',
          '通知公告',
          '菜单管理',
          '大屏终端',
        ],
      ],
      '接口文档',
    ]);
    const enTree = (await get('/api-user/menus/current', admin, 'en')).json().datas as MenuEntry[];
    expect(names(enTree)).toEqual([
      'Home',
      'Personal center',
      ['Registry', ['Regions', 'Residential areas', 'Residents', 'Resident categories']],
      [
        'Devices',
        [
          'Concentrators',
          'Collectors',
          'Water meters',
          'Valves',
          'Meter models',
          'Collector types',
          'Manufacturers',
          'Valve control',
          'Device commands',
          'Device status',
          'Ingestion keys',
          'Blacklists',
        ],
      ],
      ['Meter reading', ['Meter bases', 'Base check', 'Reading records', 'Data check', 'Reading rate']],
      ['Monitoring', ['Alarm console', 'Status board', 'Monitoring overview', 'Usage exceptions', 'Alarm rules']],
      ['Work orders', ['Dispatch', 'My work orders', 'Complaints', 'Work calendar']],
      ['District metering', ['Operations map', 'Districts', 'Water balance', 'Night flow']],
      ['Pipe network', ['Pipelines', 'Wells', 'Network monitoring']],
      [
        'System',
        [
          'Accounts',
          'Roles',
          'Departments',
          'Operation log',
          'SMS outbox',
          'Companies',
          'Company profile',
          'Parameters',
          'Notices',
          'Menus',
          'Display screens',
        ],
      ],
      'API docs',
    ]);

    const [home, center, , , , , , , , system, docs] = zhTree;
    expect(home).toMatchObject({
      path: 'home/HomePage',
      url: '/index',
      type: 0,
      affix: true,
      hidden: false,
      parentId: 0,
    });
    expect(center).toMatchObject({ path: 'user/PersonalCenterPage', url: '/personalCenter', subMenus: [] });
    expect(system).toMatchObject({ path: 'Layout', type: 1 });
    expect(system?.subMenus[0]).toMatchObject({
      path: 'system/AccountPage',
      url: '/system/account',
      css: 'people',
      type: 0,
      parentId: system?.id,
    });
    expect(system?.subMenus[1]).toMatchObject({
      path: 'system/RolePage',
      url: '/system/role',
      css: 'shield',
      type: 0,
      parentId: system?.id,
    });
    expect(system?.subMenus[3]).toMatchObject({
      path: 'system/OperationLogPage',
      url: '/system/operationLog',
      parentId: system?.id,
    });
    expect(docs).toMatchObject({ url: '/docs', target: '_blank', badge: 'API' });
  });

  it('gives the operator the shell and control-room pages only, and a role without grants an empty list', async () => {
    const operator = await signIn(t.app, 'operator', 'operator123');
    const tree = (await get('/api-user/menus/current', operator)).json().datas as MenuEntry[];
    expect(names(tree)).toEqual([
      '首页',
      '个人中心',
      ['设备管理', ['阀门控制', '设备命令', '设备状态']],
      ['抄表管理', ['抄表记录', '数据校验', '抄表率']],
      ['监控中心', ['告警控制台', '设备状态看板', '监控统计', '用水异常', '告警规则']],
      ['工单中心', ['工单调度', '投诉管理']],
      ['分区计量', ['运营地图', '夜间流量']],
      '接口文档',
    ]);
    const viewerTree = (await get('/api-user/menus/current', viewer.token)).json();
    expect(viewerTree).toMatchObject({ resp_code: 0, datas: [] });
  });

  it('answers 401 without a token and 403 without user:profile:view', async () => {
    expect((await get('/api-user/menus/current')).json()).toEqual(unauthorized);
    expect((await get('/api-user/menus/current', nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET /api-user/menus/current/withheld', () => {
  it('lists the tenant’s pages the user is not granted, none for the administrator', async () => {
    const operator = await signIn(t.app, 'operator', 'operator123');
    const withheld = (await get(USER_PATHS.withheldRoutes, operator)).json().datas as string[];
    expect(withheld).toEqual(expect.arrayContaining(['/system/account', '/system/operationLog', '/registry/area']));
    expect(withheld).not.toContain('/index');
    expect(withheld).not.toContain('/personalCenter');
    expect((await get(USER_PATHS.withheldRoutes, admin)).json()).toMatchObject({ resp_code: 0, datas: [] });
  });

  it('answers 401 without a token and 403 without user:profile:view', async () => {
    expect((await get(USER_PATHS.withheldRoutes)).json()).toEqual(unauthorized);
    expect((await get(USER_PATHS.withheldRoutes, nobody.token)).json()).toEqual(forbidden);
  });
});

describe('GET /api-user/companys/{id}', () => {
  it('returns the caller’s company in the request language', async () => {
    const res = await get(`/api-user/companys/${companyId}`, admin);
    const adminRole = await t.app.db
      .selectFrom('roles')
      .select('id')
      .where('company_id', '=', companyId)
      .where('code', '=', 'ADMIN')
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      resp_code: 0,
      resp_msg: zh('common.success'),
      datas: { id: companyId, name: '演示水务公司', logoName: '演示水务公司', logoImg: null, roleId: adminRole.id },
    });
    expect((await get(`/api-user/companys/${companyId}`, admin, 'en')).json().datas.name).toBe('Demo Water Co.');
  });

  it('answers 404 for another tenant’s company and for one that does not exist: ids reveal nothing', async () => {
    for (const id of [other.companyId, 999_999]) {
      const res = await get(`/api-user/companys/${id}`, admin);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('answers 400 naming the field for an id that is not a number', async () => {
    const res = await get('/api-user/companys/abc', admin, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: en('errors.badRequest', { field: 'id' }), field: 'id' });
  });

  it('answers 401 without a token and 403 without user:profile:view', async () => {
    expect((await get(`/api-user/companys/${companyId}`)).json()).toEqual(unauthorized);
    expect((await get(`/api-user/companys/${companyId}`, nobody.token)).json()).toEqual(forbidden);
  });
});

describe('PUT /api-user/users/me (profile)', () => {
  it('saves trimmed nickname, mobile and avatar, returns the user, and logs which fields changed', async () => {
    const u = await createSignedInUser(t.app, companyId, { codes: ['OPERATOR'] });
    const avatar = '/api-file/files/0b8d6f5e-3c1a-4f7e-9a2b-5d6c7e8f9a0b';
    const res = await put(
      '/api-user/users/me',
      { id: u.id, nickname: '  小王  ', mobile: ' 13912345678 ', headImgUrl: avatar },
      u.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resp_code: 0,
      datas: { id: u.id, nickname: '小王', mobile: '13912345678', headImgUrl: avatar },
    });
    expect(await userRow(u.username)).toMatchObject({ nickname: '小王', mobile: '13912345678', head_img_url: avatar });
    const log = await t.app.db
      .selectFrom('operation_log')
      .selectAll()
      .where('username', '=', u.username)
      .where('operation', '=', 'profileUpdate')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ company_id: companyId, user_id: u.id, detail: 'nickname, mobile, headImgUrl' });

    // Leaving headImgUrl out keeps the avatar; null clears it.
    await put('/api-user/users/me', { nickname: '小王', mobile: '13912345678' }, u.token);
    expect((await userRow(u.username)).head_img_url).toBe(avatar);
    await put('/api-user/users/me', { nickname: '小王', mobile: '13912345678', headImgUrl: null }, u.token);
    expect((await userRow(u.username)).head_img_url).toBeNull();
  });

  it.each([
    [{ nickname: '   ', mobile: '13912345678' }, 'nickname', 'rules.nickname.required'],
    [{ mobile: '13912345678' }, 'nickname', 'rules.nickname.required'],
    [{ nickname: '小王', mobile: '' }, 'mobile', 'rules.mobile.required'],
    [{ nickname: '小王' }, 'mobile', 'rules.mobile.required'],
    [{ nickname: '小王', mobile: '12912345678' }, 'mobile', 'rules.mobile.format'],
    [{ nickname: '小王', mobile: '1391234567' }, 'mobile', 'rules.mobile.format'],
    [{ nickname: '小王', mobile: '139123456789' }, 'mobile', 'rules.mobile.format'],
  ] as const)('refuses %o with 400, the spec message for %s, and writes nothing', async (payload, field, key) => {
    const before = await userRow('operator');
    const operator = await signIn(t.app, 'operator', 'operator123');
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await put('/api-user/users/me', payload, operator, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resp_code: 400, resp_msg: translate(key, locale), field });
    }
    expect(await userRow('operator')).toEqual(before);
  });

  it('uses the spec’s Chinese texts verbatim', async () => {
    expect([zh('rules.nickname.required'), zh('rules.mobile.required'), zh('rules.mobile.format')]).toEqual([
      '请输入昵称',
      '请输入手机号码',
      '手机号码格式不对',
    ]);
  });

  it('refuses an avatar that is not an http(s) or stored-file URL, and a nickname over 50 characters', async () => {
    const before = await userRow('admin');
    const bad = await put(
      '/api-user/users/me',
      { nickname: 'x', mobile: '13912345678', headImgUrl: 'javascript:alert(1)' },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      resp_code: 400,
      resp_msg: zh('errors.badRequest', { field: 'headImgUrl' }),
      field: 'headImgUrl',
    });
    const long = await put('/api-user/users/me', { nickname: 'x'.repeat(51), mobile: '13912345678' }, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('nickname');
    expect(await userRow('admin')).toEqual(before);
  });

  it('answers 404 for another user’s id (own or other tenant) and writes nothing', async () => {
    const before = await userRow(other.adminUsername);
    const otherId = other.userIds[other.adminUsername] as number;
    const res = await put('/api-user/users/me', { id: otherId, nickname: '入侵者', mobile: '13912345678' }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(notFound);
    expect(await userRow(other.adminUsername)).toEqual(before);
  });

  it('answers 401 without a token and 403 without user:profile:edit', async () => {
    const payload = { nickname: '小王', mobile: '13912345678' };
    expect((await put('/api-user/users/me', payload)).json()).toEqual(unauthorized);
    const before = await userRow(viewer.username);
    const res = await put('/api-user/users/me', payload, viewer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden);
    expect(await userRow(viewer.username)).toEqual(before);
  });
});
