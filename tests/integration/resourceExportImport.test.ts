// Spreadsheet export and import on the resource registration, through accounts and roles: export honours the list's
// filters, sort and tenant; the template names the import columns in the caller's language; an import runs as a job
// that saves good rows through the account save path and lists bad rows with their reasons.
import {
  EXPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportJob,
  XLSX_CONTENT_TYPE,
} from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { sql } from 'kysely';
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
import { multipartBody } from '../fixtures/multipart.ts';
import { buildXlsx, readXlsx } from '../fixtures/sheets.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let other: Tenant;
let otherAdmin: string;
let viewer: TestUser;
let nobody: TestUser;

const ZH_HEADERS = ['用户名', '昵称', '手机号码', '角色', '初始密码'];
const EN_HEADERS = ['User name', 'Nickname', 'Mobile', 'Roles', 'Initial password'];
const prefix = `xl${Date.now().toString(36)}`;

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  other = await createSecondTenant(t.app);
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.sysUserView, PERMISSIONS.sysRoleView]);
  nobody = await createUserWithPermissions(t.app, companyId, []);
  // three accounts here and two with the same prefix in the other tenant
  for (const [token, name, nickname] of [
    [admin, `${prefix}b`, '乙'],
    [admin, `${prefix}a`, '甲'],
    [admin, `${prefix}c`, '丙'],
    [otherAdmin, `${prefix}x`, '外'],
    [otherAdmin, `${prefix}y`, '外'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api-user/users/saveOrUpdate',
      headers: bearer(token),
      payload: { username: name, password: 'init123', nickname, mobile: '13512345678', roleIds: [] },
    });
    expect(res.json().resp_code, res.body).toBe(0);
  }
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...lang(locale) } });

const upload = (
  content: Buffer,
  token: string | null = admin,
  filename = 'accounts.xlsx',
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => {
  const { payload, headers } = multipartBody({ filename, contentType: XLSX_CONTENT_TYPE, content });
  return t.app.inject({
    method: 'POST',
    url: '/api-user/users/import',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}), ...lang(locale) },
  });
};

const jobCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('import_jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Polls the job as the web does until it has finished. */
const finished = async (id: number, token = admin): Promise<ImportJob> => {
  for (let i = 0; i < 300; i++) {
    const res = await get(`/api-user/users/import/jobs/${id}`, token);
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().datas as ImportJob;
    if (job.status === 'success' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
};

const fileNameOf = (disposition: string) => {
  const m = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return m ? decodeURIComponent(m[1] as string) : '';
};

describe('GET /api-user/users/export', () => {
  it('writes the filtered, sorted rows of the tenant only, with localized headers and a dated file name', async () => {
    const res = await get(`/api-user/users/export?username=${prefix}&sort=username&order=desc`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''/);
    expect(fileNameOf(disposition)).toMatch(/^账号-\d{14}\.xlsx$/);
    const sheets = await readXlsx(res.rawPayload);
    const rows = sheets['账号'] as string[][];
    expect(rows[0]).toEqual(['用户名', '昵称', '手机号码', '角色', '状态', '创建时间']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([`${prefix}c`, `${prefix}b`, `${prefix}a`]);
    expect(rows[1]?.slice(1, 5)).toEqual(['丙', '13512345678', '', '启用']);
    expect(rows[1]?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('keeps false as a filter (disabled accounts only) and logs who exported what', async () => {
    const res = await get(`/api-user/users/export?username=${prefix}&enabled=false`, admin);
    expect(res.statusCode).toBe(200);
    expect((await readXlsx(res.rawPayload))['账号']).toHaveLength(1);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['username', 'detail'])
      .where('company_id', '=', companyId)
      .where('operation', '=', 'dataExport')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.username).toBe('admin');
    expect(log.detail).toContain('user 0 rows');
    expect(log.detail).toContain(`"username":"${prefix}"`);
  });

  it('answers in English with English headers and file name', async () => {
    const res = await get(`/api-user/users/export?username=${prefix}`, admin, 'en');
    expect(fileNameOf(String(res.headers['content-disposition']))).toMatch(/^accounts-\d{14}\.xlsx$/);
    expect((await readXlsx(res.rawPayload)).accounts?.[0]).toEqual([
      'User name',
      'Nickname',
      'Mobile',
      'Roles',
      'State',
      'Created',
    ]);
  });

  it("never holds another tenant's rows", async () => {
    const res = await get(`/api-user/users/export?username=${prefix}`, otherAdmin);
    const names = ((await readXlsx(res.rawPayload))['账号'] as string[][]).slice(1).map((r) => r[0]);
    expect(names.sort()).toEqual([`${prefix}x`, `${prefix}y`]);
  });

  it('refuses a sort field the list does not allow (400), without a token (401), without the view permission (403)', async () => {
    const bad = await get('/api-user/users/export?sort=password_hash', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('sort');
    expect((await get('/api-user/users/export')).json()).toMatchObject(unauthorized);
    expect((await get('/api-user/users/export', nobody.token)).json()).toMatchObject(forbidden);
    expect((await get('/api-user/users/export', viewer.token)).statusCode).toBe(200);
  });

  it(`refuses more than ${EXPORT_MAX_ROWS} matching rows with a message and produces nothing`, async () => {
    const big = await createSecondTenant(t.app);
    await sql`insert into users (company_id, username, password_hash, nickname)
      select ${big.companyId}, 'bulk' || g, 'x', '批量' from generate_series(1, ${EXPORT_MAX_ROWS}) g`.execute(
      t.app.db,
    );
    const token = await signIn(t.app, big.adminUsername, big.password);
    const res = await get('/api-user/users/export', token);
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(zh('export.tooMany', { max: EXPORT_MAX_ROWS }));
    const narrowed = await get('/api-user/users/export?username=bulk1000', token);
    expect(narrowed.statusCode).toBe(200);
  });
});

describe('GET /api-user/roles/export', () => {
  it('writes the roles of the tenant with their user counts', async () => {
    const res = await get('/api-user/roles/export?sort=code&order=asc', admin);
    expect(res.statusCode).toBe(200);
    const rows = (await readXlsx(res.rawPayload))['角色'] as string[][];
    expect(rows[0]).toEqual(['角色编码', '角色名称', '英文名称', '用户数', '创建时间']);
    expect(rows.find((r) => r[0] === 'ADMIN')?.slice(1, 3)).toEqual(['超级管理员', 'Administrator']);
    expect((await get('/api-user/roles/export', nobody.token)).json()).toMatchObject(forbidden);
  });
});

describe('GET /api-user/users/import/template', () => {
  it('names the import columns in the caller language, with a notes sheet', async () => {
    const zhRes = await get('/api-user/users/import/template', admin);
    expect(zhRes.statusCode).toBe(200);
    expect(fileNameOf(String(zhRes.headers['content-disposition']))).toBe('账号-导入模板.xlsx');
    const zhSheets = await readXlsx(zhRes.rawPayload);
    expect(zhSheets['账号']).toEqual([ZH_HEADERS]);
    expect(zhSheets['填写说明']?.[0]).toEqual(['列', '说明']);
    expect(zhSheets['填写说明']?.[4]).toEqual(['角色', zh('sheet.user.rolesNote')]);
    const enSheets = await readXlsx((await get('/api-user/users/import/template', admin, 'en')).rawPayload);
    expect(enSheets.accounts).toEqual([EN_HEADERS]);
  });

  it('needs the edit permission', async () => {
    expect((await get('/api-user/users/import/template')).json()).toMatchObject(unauthorized);
    expect((await get('/api-user/users/import/template', viewer.token)).json()).toMatchObject(forbidden);
  });
});

describe('POST /api-user/users/import', () => {
  it('saves the good rows through the save path and fails the job listing exactly the bad rows', async () => {
    const good1 = `${prefix}g1`;
    const good2 = `${prefix}g2`;
    const sheet = await buildXlsx(ZH_HEADERS, [
      [good1, '导入一', '13600000001', '操作员', 'init123'],
      ['admin', '重名', '13600000002', '操作员', 'init123'],
      [`${prefix}m`, '坏手机', '12345', '操作员', 'init123'],
      [`${prefix}r`, '无角色', '13600000003', '操作员，不存在的角色', 'init123'],
      [good2, '导入二', null, 'Operator, 超级管理员', 'init456'],
    ]);
    const res = await upload(sheet);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().datas as ImportJob;
    expect(started).toMatchObject({ resource: 'user', fileName: 'accounts.xlsx', total: 5 });
    expect(['waiting', 'importing', 'failed']).toContain(started.status);

    const job = await finished(started.id);
    expect(job).toMatchObject({ status: 'failed', total: 5, processed: 5, succeeded: 2, failed: 3, error: null });

    // the good rows exist with their roles, sign in with their initial password, and each has its log entry
    const roles = await t.app.db
      .selectFrom('users')
      .innerJoin('user_roles', (j) => j.onRef('user_roles.user_id', '=', 'users.id'))
      .innerJoin('roles', (j) => j.onRef('roles.id', '=', 'user_roles.role_id'))
      .select(['users.username', 'roles.code'])
      .where('users.company_id', '=', companyId)
      .where('users.username', 'in', [good1, good2])
      .orderBy('users.username')
      .orderBy('roles.code')
      .execute();
    expect(roles.map((r) => `${r.username}:${r.code}`)).toEqual([
      `${good1}:OPERATOR`,
      `${good2}:ADMIN`,
      `${good2}:OPERATOR`,
    ]);
    await expect(signIn(t.app, good2, 'init456')).resolves.toBeTruthy();
    const logged = await t.app.db
      .selectFrom('operation_log')
      .select('detail')
      .where('company_id', '=', companyId)
      .where('operation', '=', 'userCreate')
      .where((eb) => eb.or([eb('detail', 'like', `%${good1}%`), eb('detail', 'like', `%${good2}%`)]))
      .execute();
    expect(logged).toHaveLength(2);
    const bad = await t.app.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', [`${prefix}m`, `${prefix}r`])
      .execute();
    expect(bad).toEqual([]);

    const failures = await get(`/api-user/users/import/jobs/${job.id}/failures`, admin);
    expect(failures.statusCode).toBe(200);
    expect(failures.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(fileNameOf(String(failures.headers['content-disposition']))).toMatch(/^账号-导入失败数据-\d{14}\.xlsx$/);
    const rows = (await readXlsx(failures.rawPayload))['导入失败数据'] as string[][];
    expect(rows).toEqual([
      [...ZH_HEADERS, '失败原因'],
      ['admin', '重名', '13600000002', '操作员', 'init123', zh('resource.username.exists')],
      [`${prefix}m`, '坏手机', '12345', '操作员', 'init123', zh('rules.mobile.format')],
      [
        `${prefix}r`,
        '无角色',
        '13600000003',
        '操作员，不存在的角色',
        'init123',
        zh('import.unknownRole', { name: '不存在的角色' }),
      ],
    ]);
    // the failures file has the reasons of the starter's language; its headers follow the reader's
    const enRows = (
      await readXlsx((await get(`/api-user/users/import/jobs/${job.id}/failures`, admin, 'en')).rawPayload)
    )['failed rows'];
    expect(enRows?.[0]).toEqual([...EN_HEADERS, 'Reason']);
  });

  it('ends success when every row is saved; an English sheet imports too, reasons in English', async () => {
    const ok = await upload(
      await buildXlsx(EN_HEADERS, [[`${prefix}e1`, 'Eng', '', 'Operator', 'init123']]),
      admin,
      'en.xlsx',
      'en',
    );
    expect(await finished(ok.json().datas.id)).toMatchObject({ status: 'success', succeeded: 1, failed: 0 });
    const bad = await upload(
      await buildXlsx(EN_HEADERS, [[`${prefix}e2`, '', '', 'Operator', 'init123']]),
      admin,
      'en.xlsx',
      'en',
    );
    const job = await finished(bad.json().datas.id);
    expect(job).toMatchObject({ status: 'failed', failed: 1 });
    const rows = (
      await readXlsx((await get(`/api-user/users/import/jobs/${job.id}/failures`, admin, 'en')).rawPayload)
    )['failed rows'];
    expect(rows?.[1]?.at(-1)).toBe(en('rules.nickname.required'));
  });

  it('says a name over its limit as the form and the API do, naming the column and the limit, in either language', async () => {
    const long = '长'.repeat(21);
    const reasonOf = async (locale: 'zh-CN' | 'en', headers: string[], user: string) => {
      const res = await upload(
        await buildXlsx(headers, [[user, long, '', '操作员', 'init123']]),
        admin,
        'long.xlsx',
        locale,
      );
      const job = await finished(res.json().datas.id);
      expect(job).toMatchObject({ status: 'failed', failed: 1 });
      const file = await readXlsx(
        (await get(`/api-user/users/import/jobs/${job.id}/failures`, admin, locale)).rawPayload,
      );
      return file[locale === 'en' ? 'failed rows' : '导入失败数据']?.[1]?.at(-1);
    };
    // not the generic '昵称格式不正确': the limit, as the form says it under the field
    expect(await reasonOf('zh-CN', ZH_HEADERS, `${prefix}l1`)).toBe('昵称:长度不能超过 20 个字符');
    expect(await reasonOf('en', EN_HEADERS, `${prefix}l2`)).toBe(`Nickname: ${en('rules.text.tooLong', { max: 20 })}`);
    const saved = await t.app.db
      .selectFrom('users')
      .select('username')
      .where('username', 'in', [`${prefix}l1`, `${prefix}l2`])
      .execute();
    expect(saved).toEqual([]);
  });

  it('refuses a file that is not an .xlsx (400) and creates nothing', async () => {
    const before = await jobCount();
    const res = await upload(Buffer.from('username,nickname\nx,y\n'), admin, 'accounts.csv');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh('import.notXlsx'), field: 'file' });
    expect(await jobCount()).toBe(before);
  });

  it(`refuses more than 5 MB and more than ${IMPORT_MAX_ROWS} rows (400), creating nothing`, async () => {
    const before = await jobCount();
    const huge = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(IMPORT_MAX_BYTES)]);
    const tooBig = await upload(huge);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().resp_msg).toBe(zh('import.tooLarge'));
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => [`many${i}`, '多', '', '', 'init123']);
    const tooMany = await upload(await buildXlsx(ZH_HEADERS, rows));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().resp_msg).toBe(zh('import.tooManyRows', { max: IMPORT_MAX_ROWS }));
    expect(await jobCount()).toBe(before);
  });

  it('fails the job at once when the workbook cannot be read or lacks columns', async () => {
    const zipNotWorkbook = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)]);
    const unreadable = (await upload(zipNotWorkbook)).json().datas as ImportJob;
    expect(unreadable).toMatchObject({ status: 'failed', total: 0, error: zh('import.unreadable') });
    const missing = (await upload(await buildXlsx(['用户名', '昵称'], [['a', 'b']]))).json().datas as ImportJob;
    expect(missing).toMatchObject({
      status: 'failed',
      error: zh('import.missingColumns', { columns: '手机号码, 角色, 初始密码' }),
    });
  });

  it('needs a token (401) and the edit permission (403)', async () => {
    const sheet = await buildXlsx(ZH_HEADERS, [['x', 'y', '', '', 'init123']]);
    expect((await upload(sheet, null)).json()).toMatchObject(unauthorized);
    expect((await upload(sheet, viewer.token)).json()).toMatchObject(forbidden);
  });
});

describe('GET /api-user/users/import/jobs/:id (and /failures)', () => {
  it("answers 404 for another tenant's job, 401 without a token, 403 without the edit permission", async () => {
    const res = await upload(await buildXlsx(ZH_HEADERS, [[`${prefix}t1`, '租户', '', '', 'init123']]));
    const id = (res.json().datas as ImportJob).id;
    await finished(id);
    expect((await get(`/api-user/users/import/jobs/${id}`, otherAdmin)).json()).toMatchObject(notFound);
    expect((await get(`/api-user/users/import/jobs/${id}/failures`, otherAdmin)).json()).toMatchObject(notFound);
    expect((await get(`/api-user/users/import/jobs/${id}`)).json()).toMatchObject(unauthorized);
    expect((await get(`/api-user/users/import/jobs/${id}`, viewer.token)).json()).toMatchObject(forbidden);
    expect((await get('/api-user/users/import/jobs/abc', admin)).statusCode).toBe(400);
  });

  it('marks a job left unfinished by a stopped process failed (restart recovery)', async () => {
    const longAgo = new Date(Date.now() - 10 * 60_000);
    const { id } = await t.app.db
      .insertInto('import_jobs')
      .values({
        company_id: companyId,
        resource: 'user',
        user_id: null,
        username: 'admin',
        locale: 'en',
        status: 'importing',
        file_name: 'crashed.xlsx',
        total: 10,
        created_at: longAgo,
        heartbeat_at: longAgo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = (await get(`/api-user/users/import/jobs/${id}`, admin)).json().datas as ImportJob;
    expect(job).toMatchObject({ status: 'failed', error: en('import.interrupted') });
  });
});
