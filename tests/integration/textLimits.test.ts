// Text limits (spec §5 "label at most 20 characters", issue 16.10): every text a route takes is bounded, a name or
// label at most NAME_MAX characters, and text past its limit is refused with a message that says so, in both
// languages, with nothing written. The walk goes over the documented request schemas of every route (/docs/json,
// generated from the shared TypeBox schemas the routes validate with), so a field added later without a limit fails
// here without anyone listing it.
import { PERMISSIONS } from '@waterops/shared/auth';
import { CATALOGUE_PATHS } from '@waterops/shared/catalogue';
import { PLACE_PATHS } from '@waterops/shared/place';
import { NAME_EN_MAX, NAME_MAX } from '@waterops/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUserWithPermissions, demoCompanyId, lang, signIn } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

type Schema = {
  type?: string | string[];
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
type Operation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/**
 * Names and labels that may be longer than NAME_MAX, each for a reason of the domain. Adding one is a decision: say
 * why beside it.
 */
const LONGER_NAMES: Record<string, number> = {
  // a company's legal name (营业执照上的名称) and the title printed on a resident's invoices: set by law, not by us
  name: 50,
  invoiceName: 100,
  // English beside a Chinese name: English words run two to three times longer than the 汉字 they render
  nameEn: NAME_EN_MAX,
  logoNameEn: NAME_EN_MAX,
  // sign-in names are identifiers (letters, digits, '.', '@'…), e-mail addresses among them
  username: 64,
  adminUsername: 64,
  // a work order's and a notice's title are subject lines, not labels
  title: 100,
};
/** Routes whose `name` is a legal name or a parameter's description (the LONGER_NAMES `name` entry holds only here). */
const LONG_NAME_ROUTES = [
  '/api-user/companys/saveOrUpdate',
  '/api-user/companys/profile',
  '/api-business/paramconfig/batchSaveAndBatchUpdate',
];

const NAME_LIKE = /(^|[a-z])(name|Name|label|Label|title|Title)$/;
/**
 * Names a route looks up rather than saves: the archive sync finds areas by name, and names saved before the limit
 * may be longer, so these keep the old 50.
 */
const LOOKED_UP = [
  'POST /api-workbench/ingest/archives body.concentrators[].areaName',
  'POST /api-workbench/ingest/archives body.collectors[].areaName',
  'POST /api-workbench/ingest/archives body.meters[].areaName',
  'POST /api-workbench/ingest/archives body.residents[].areaName',
];

/** Whether a text schema cannot be longer than some bound: a maxLength, a closed set, a format, or a bounded pattern. */
const bounded = (s: Schema): boolean =>
  s.maxLength !== undefined ||
  s.enum !== undefined ||
  s.const !== undefined ||
  s.format !== undefined ||
  (s.pattern !== undefined && /^\^.*\$$/.test(s.pattern) && !unboundedRepeat(s.pattern));

/** Whether a pattern repeats without bound (`*`, `+`, `{n,}`), escapes and character classes aside. */
const unboundedRepeat = (pattern: string): boolean =>
  /[*+]|\{\d+,\}/.test(pattern.replace(/\\./g, '').replace(/\[[^\]]*\]/g, 'x'));

type Found = { where: string; field: string; schema: Schema };

/** Every text schema under `s`, with the name of the property it is (the last one on its path). */
const texts = (doc: Doc, s: Schema | undefined, where: string, field: string, out: Found[], depth = 0): Found[] => {
  if (!s || depth > 20) return out;
  if (s.$ref) {
    const name = s.$ref.split('/').at(-1) ?? '';
    return texts(doc, doc.components?.schemas?.[name], where, field, out, depth + 1);
  }
  const types = [s.type ?? []].flat();
  if (types.includes('string')) out.push({ where, field, schema: s });
  for (const [k, v] of Object.entries(s.properties ?? {})) texts(doc, v, `${where}.${k}`, k, out, depth + 1);
  for (const item of [s.items ?? []].flat()) texts(doc, item, `${where}[]`, field, out, depth + 1);
  for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])])
    texts(doc, b, where, field, out, depth + 1);
  if (typeof s.additionalProperties === 'object')
    texts(doc, s.additionalProperties, `${where}.*`, field, out, depth + 1);
  return out;
};

let t: TestApp;
let doc: Doc;
let admin: string;

/** The text schemas of every route's request: its path, query and body. */
const requestTexts = (): (Found & { route: string; inBody: boolean })[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => {
      const route = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).flatMap((p) =>
        texts(doc, p.schema, `${p.in}.${p.name}`, p.name, []).map((f) => ({ ...f, route, path, inBody: false })),
      );
      const bodies = Object.values(op.requestBody?.content ?? {}).flatMap((c) =>
        texts(doc, c.schema, 'body', '', []).map((f) => ({ ...f, route, path, inBody: true })),
      );
      return [...params, ...bodies];
    }),
  );

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  admin = await signIn(t.app, 'admin', 'admin123');
});
afterAll(async () => {
  await t?.close();
});

describe('the limits every route declares', () => {
  it('bounds every text a request carries (a length, a closed set, a format or a bounded pattern)', () => {
    const found = requestTexts();
    // the walk sees the API: hundreds of texts, the region save's name among them
    expect(found.length).toBeGreaterThan(200);
    expect(found.some((f) => f.route === `POST ${PLACE_PATHS.regionSave}` && f.field === 'regionName')).toBe(true);
    const unbounded = found.filter((f) => !bounded(f.schema)).map((f) => `${f.route} ${f.where}`);
    expect([...new Set(unbounded)]).toEqual([]);
  });

  it(`holds every name and label a save takes to ${NAME_MAX} characters, unless the domain needs more`, () => {
    const tooLong = requestTexts()
      .filter((f) => f.inBody && NAME_LIKE.test(f.field) && !LOOKED_UP.includes(`${f.route} ${f.where}`))
      .filter((f) => {
        const allowed =
          f.field === 'name'
            ? LONG_NAME_ROUTES.some((r) => f.route.endsWith(r))
              ? 50
              : NAME_MAX
            : LONGER_NAMES[f.field];
        return (f.schema.maxLength ?? Number.POSITIVE_INFINITY) > (allowed ?? NAME_MAX);
      })
      .map((f) => `${f.route} ${f.where} (${f.schema.maxLength ?? 'no limit'})`);
    expect([...new Set(tooLong)]).toEqual([]);
  });

  it('gives every name and label filter a limit too', () => {
    const open = requestTexts()
      .filter((f) => !f.inBody && NAME_LIKE.test(f.field) && f.schema.maxLength === undefined)
      .map((f) => `${f.route} ${f.where}`);
    expect(open).toEqual([]);
  });
});

describe('a name past its limit', () => {
  const call = (url: string, payload: object, locale: 'zh-CN' | 'en' = 'zh-CN', token = admin) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...lang(locale) } });
  const count = async (table: 'regions' | 'manufacturers') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let n = 0;
  /** `length` characters, unique in the test run */
  const nameOf = (length: number) => `${'片'.repeat(length - 4)}${(Date.now() + n++).toString(36).slice(-4)}`;

  it('refuses a 21-character region name with "at most 20 characters" under the field, in both languages, writing nothing', async () => {
    const before = await count('regions');
    const name = nameOf(NAME_MAX + 1);
    const res = await call(PLACE_PATHS.regionSave, { regionName: name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: zh('rules.text.tooLong', { max: NAME_MAX }),
      field: 'regionName',
    });
    expect(res.json().resp_msg).toBe('长度不能超过 20 个字符');
    const resEn = await call(PLACE_PATHS.regionSave, { regionName: name }, 'en');
    expect(resEn.json()).toMatchObject({ resp_msg: 'At most 20 characters', field: 'regionName' });
    // the GET form of adding a region holds the same limit
    const added = await t.app.inject({
      method: 'GET',
      url: `${PLACE_PATHS.regionAdd}?regionName=${encodeURIComponent(name)}`,
      headers: bearer(admin),
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().resp_msg).toBe(zh('rules.text.tooLong', { max: NAME_MAX }));
    expect(await count('regions')).toBe(before);
  });

  it('takes a region name of exactly 20 characters', async () => {
    const before = await count('regions');
    const res = await call(PLACE_PATHS.regionSave, { regionName: nameOf(NAME_MAX) });
    expect(res.json().resp_code, res.body).toBe(0);
    expect(await count('regions')).toBe(before + 1);
  });

  it('refuses a rename past the limit and keeps the old name', async () => {
    const created = await call(PLACE_PATHS.regionSave, { regionName: nameOf(10) });
    const region = created.json().datas as { id: number; regionName: string };
    const res = await call(PLACE_PATHS.regionUpdate, { id: region.id, regionName: nameOf(NAME_MAX + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('regionName');
    const row = await t.app.db
      .selectFrom('regions')
      .select('region_name')
      .where('id', '=', region.id)
      .executeTakeFirstOrThrow();
    expect(row.region_name).toBe(region.regionName);
  });

  it('refuses a 21-character manufacturer name from a user who may edit the catalogue, writing nothing', async () => {
    const companyId = await demoCompanyId(t.app);
    const editor = await createUserWithPermissions(t.app, companyId, [
      PERMISSIONS.dataManufacturerView,
      PERMISSIONS.dataManufacturerEdit,
    ]);
    const before = await count('manufacturers');
    const res = await call(CATALOGUE_PATHS.manufacturerSave, { name: nameOf(NAME_MAX + 1) }, 'zh-CN', editor.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resp_msg: zh('rules.text.tooLong', { max: NAME_MAX }), field: 'name' });
    expect(await count('manufacturers')).toBe(before);
    expect(en('rules.text.tooLong', { max: NAME_MAX })).toBe('At most 20 characters');
  });
});
