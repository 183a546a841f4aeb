// Code rules through the routes (/api-business/commonCodeRule): a company reads and saves its own numbering only,
// and codes issued from a rule follow it and never repeat.
import { allocateCode } from '@waterops/gateway/src/services/codeRule/codeRuleRepository.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { CODE_KINDS, CODE_RULE_PATHS, type CodeRuleSet, DEFAULT_CODE_RULES } from '@waterops/shared/codeRule';
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

const find = (token?: string, query = '') =>
  t.app.inject({ method: 'GET', url: `${CODE_RULE_PATHS.find}${query}`, headers: token ? bearer(token) : {} });
const saveRules = (payload: object, token?: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: CODE_RULE_PATHS.save,
    payload,
    headers: { ...(token ? bearer(token) : {}), ...lang(locale) },
  });
const storedRules = async (id: number) =>
  t.app.db.selectFrom('code_rules').selectAll().where('company_id', '=', id).orderBy('kind').execute();

describe('GET findCodeRulesByCompanyId', () => {
  it('gives every kind its default until the company saves its own', async () => {
    const res = await find(otherAdmin, `?companyId=${other.companyId}`);
    expect(res.statusCode).toBe(200);
    const set = res.json().datas as CodeRuleSet;
    expect(set.companyId).toBe(other.companyId);
    expect(set.rules).toEqual(CODE_KINDS.map((k) => DEFAULT_CODE_RULES[k]));
  });

  it('answers 404 for another company’s id, 401 without a token and 403 without a permission', async () => {
    expect((await find(admin, `?companyId=${other.companyId}`)).json()).toEqual(notFound);
    expect((await find(undefined, `?companyId=${companyId}`)).json()).toEqual(unauthorized);
    const nobody = await createUserWithPermissions(t.app, companyId, []);
    expect((await find(nobody.token)).json()).toEqual(forbidden);
    expect((await find(admin, '?companyId=abc')).statusCode).toBe(400);
  });
});

describe('POST saveCodeRules', () => {
  it('saves the rules of the own company, logs it, and the find call returns them', async () => {
    const rule = { kind: 'resident', prefix: 'DC', datePart: 'yyyyMM', seqLength: 5, nextSeq: 120 };
    const res = await saveRules({ companyId, rules: [rule] }, admin);
    expect(res.json().resp_code, res.body).toBe(0);
    const set = (await find(viewer.token)).json().datas as CodeRuleSet;
    expect(set.rules.find((r) => r.kind === 'resident')).toEqual(rule);
    expect(set.rules.find((r) => r.kind === 'meter')).toEqual(DEFAULT_CODE_RULES.meter);
    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ operation: 'codeRuleSave', detail: 'resident: DC/yyyyMM/5/120' });
    // the other company's numbering is untouched
    expect(await storedRules(other.companyId)).toEqual([]);
  });

  it.each([
    [{ prefix: 'TOO-LONG-PREFIX' }, 'rules.0.prefix', 'rules.codePrefix.format'],
    [{ seqLength: 2 }, 'rules.0.seqLength', 'rules.codeSeqLength.range'],
    [{ seqLength: 11 }, 'rules.0.seqLength', 'rules.codeSeqLength.range'],
    [{ seqLength: 3, nextSeq: 1000 }, 'rules.0.nextSeq', 'rules.codeNextSeq.range'],
    [{ nextSeq: 0 }, 'rules.0.nextSeq', 'rules.codeNextSeq.range'],
  ] as const)('answers 400 for %o with the rule message and saves nothing', async (bad, field, key) => {
    const before = await storedRules(companyId);
    const rule = { kind: 'bill', prefix: 'ZD', datePart: 'none', seqLength: 6, nextSeq: 1, ...bad };
    for (const locale of ['zh-CN', 'en'] as const) {
      const res = await saveRules({ rules: [rule] }, admin, locale);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ resp_code: 400, resp_msg: (locale === 'en' ? en : zh)(key), field });
    }
    expect(await storedRules(companyId)).toEqual(before);
  });

  it('answers 400 for a kind given twice or an unknown date part', async () => {
    const r = { kind: 'meter', prefix: 'SB', datePart: 'none', seqLength: 6, nextSeq: 1 };
    const twice = await saveRules({ rules: [r, r] }, admin);
    expect(twice.json()).toEqual({ resp_code: 400, resp_msg: zh('rules.codeKind.duplicate'), field: 'rules.1.kind' });
    expect((await saveRules({ rules: [{ ...r, datePart: 'yy' }] }, admin)).statusCode).toBe(400);
  });

  it('answers 404 for another company’s id (nothing saved), 401 without a token, 403 to a viewer', async () => {
    const rules = [{ kind: 'meter', prefix: 'X', datePart: 'none', seqLength: 6, nextSeq: 1 }];
    expect((await saveRules({ companyId: other.companyId, rules }, admin)).json()).toEqual(notFound);
    expect(await storedRules(other.companyId)).toEqual([]);
    expect((await saveRules({ rules })).json()).toEqual(unauthorized);
    expect((await saveRules({ rules }, viewer.token)).json()).toEqual(forbidden);
  });
});

describe('allocateCode (issuing codes from the rule)', () => {
  it('issues codes in sequence from the saved rule, advancing it, and distinct under concurrency', async () => {
    await saveRules(
      { rules: [{ kind: 'workOrder', prefix: 'WO', datePart: 'yyyy', seqLength: 4, nextSeq: 7 }] },
      admin,
    );
    const date = new Date(2024, 6, 1);
    const first = await t.app.db.transaction().execute((tx) => allocateCode(tx, companyId, 'workOrder', date));
    expect(first).toBe('WO20240007');
    const many = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.db.transaction().execute((tx) => allocateCode(tx, companyId, 'workOrder', date)),
      ),
    );
    expect(new Set(many).size).toBe(5);
    expect([...many].sort()).toEqual(['WO20240008', 'WO20240009', 'WO20240010', 'WO20240011', 'WO20240012']);
    const set = (await find(admin)).json().datas as CodeRuleSet;
    expect(set.rules.find((r) => r.kind === 'workOrder')?.nextSeq).toBe(13);
  });

  it('starts a company without a saved rule from the default', async () => {
    const code = await t.app.db
      .transaction()
      .execute((tx) => allocateCode(tx, other.companyId, 'resident', new Date(2024, 0, 1)));
    expect(code).toBe('YH000001');
  });
});
