// POST pipeNetPipeLine/importInp: an EPANET .inp placed at an origin becomes wells, pipelines and valves of the
// tenant in one transaction — Net1 and Net3 with their published counts, code clashes and parse errors answered
// 400 with nothing written, the form's fields checked, tenant isolation and permissions.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PERMISSIONS } from '@waterops/shared/auth';
import { type EpanetImport, NETWORK_PATHS } from '@waterops/shared/network';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createSecondTenant,
  createUserWithPermissions,
  demoCompanyId,
  lang,
  signIn,
  type TestUser,
} from '../fixtures/factories.ts';
import { en, forbidden, unauthorized, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/epanet/${name}`, import.meta.url), 'utf8');
const NET1 = fixture('Net1.inp');
const NET3 = fixture('Net3.inp');

let t: TestApp;
let companyId: number;
let otherCompanyId: number;
let admin: string;
let otherAdmin: string;
let viewer: TestUser;

/** A multipart body with the file and text fields, as the import dialog sends it. */
const form = (file: string | Buffer | null, fields: Record<string, string>) => {
  const boundary = `----waterops${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file !== null) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="net.inp"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      typeof file === 'string' ? Buffer.from(file) : file,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};
const upload = (
  file: string | Buffer | null,
  fields: Record<string, string>,
  token?: string,
  locale: 'zh-CN' | 'en' = 'zh-CN',
) => {
  const { payload, headers } = form(file, fields);
  return t.app.inject({
    method: 'POST',
    url: NETWORK_PATHS.epanetImport,
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}), ...lang(locale) },
  });
};
const ORIGIN = { lng: '116.404', lat: '39.915' };
let n = 0;
const prefix = () => `T${Date.now().toString(36)}${n++}-`;

const counts = async (company = companyId) => {
  const one = async (table: 'wells' | 'pipelines' | 'valves') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('company_id', '=', company)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { wells: await one('wells'), pipelines: await one('pipelines'), valves: await one('valves') };
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  const other = await createSecondTenant(t.app);
  otherCompanyId = other.companyId;
  otherAdmin = await signIn(t.app, other.adminUsername, other.password);
  viewer = await createUserWithPermissions(t.app, companyId, [PERMISSIONS.networkPipelineView]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('POST pipeNetPipeLine/importInp', () => {
  it('Net1: 9 junctions, 1 reservoir, 1 tank, 12 pipes; the pump is skipped; pipes join their wells near the origin', async () => {
    const p = prefix();
    const before = await counts();
    const res = await upload(NET1, { ...ORIGIN, prefix: p }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().datas as EpanetImport;
    expect(reply).toMatchObject({ junctions: 9, reservoirs: 1, tanks: 1, pipelines: 12, valves: 0 });
    expect(reply.skipped).toEqual([{ kind: 'pump', id: '9' }]);
    expect(reply.warnings.map((w) => w.message)).toContain(zh('network.inp.pumpSkipped', { id: '9' }));
    expect(await counts()).toEqual({ ...before, wells: before.wells + 11, pipelines: before.pipelines + 12 });

    const wells = await t.app.db
      .selectFrom('wells')
      .select(['id', 'well_code', 'well_type', 'elevation_m', 'lng', 'lat'])
      .where('company_id', '=', companyId)
      .where('well_code', 'like', `${p}%`)
      .execute();
    const byCode = new Map(wells.map((w) => [w.well_code, w]));
    expect(byCode.get(`${p}9`)?.well_type).toBe(6);
    expect(byCode.get(`${p}2`)?.well_type).toBe(5);
    expect(byCode.get(`${p}10`)?.well_type).toBe(4);
    // Net1's junction 10 is at 710 ft
    expect(Number(byCode.get(`${p}10`)?.elevation_m)).toBeCloseTo(710 * 0.3048, 3);
    for (const w of wells) {
      expect(Math.abs(Number(w.lng) - 116.404)).toBeLessThan(0.05);
      expect(Math.abs(Number(w.lat) - 39.915)).toBeLessThan(0.05);
    }
    const pipe = await t.app.db
      .selectFrom('pipelines')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('pipe_code', '=', `${p}10`)
      .executeTakeFirstOrThrow();
    expect(pipe.start_well_id).toBe(byCode.get(`${p}10`)?.id);
    expect(pipe.end_well_id).toBe(byCode.get(`${p}11`)?.id);
    expect(pipe.diameter_mm).toBe(457);
    expect(Number(pipe.length_m)).toBeCloseTo(10530 * 0.3048, 1);
    expect(pipe.path?.length).toBeGreaterThanOrEqual(2);

    const log = await t.app.db
      .selectFrom('operation_log')
      .select(['operation', 'detail'])
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log.operation).toBe('epanetImport');
    expect(log.detail).toContain('11 wells, 12 pipelines');
  });

  it('Net3: 92 junctions, 2 reservoirs, 3 tanks, 117 pipes, two pumps skipped', async () => {
    const res = await upload(NET3, { ...ORIGIN, prefix: prefix(), rotation: '30' }, admin, 'en');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().datas as EpanetImport;
    expect(reply).toMatchObject({ junctions: 92, reservoirs: 2, tanks: 3, pipelines: 117, valves: 0 });
    expect(reply.skipped).toHaveLength(2);
    expect(reply.warnings.map((w) => w.message)).toContain(
      en('network.inp.pumpSkipped', { id: reply.skipped[0]?.id as string }),
    );
  });

  it('valves become valves: a PRV is pressure-reducing (kind 4), a TCV a gate valve (kind 1)', async () => {
    const withValves = NET1.replace(
      /\[VALVES\][^\n]*\n[^\n]*\n/,
      (m) => `${m}V1 10 11 300 PRV 50 0\nV2 12 13 200 TCV 10 0\n`,
    );
    const p = prefix();
    const res = await upload(withValves, { ...ORIGIN, prefix: p }, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().datas.valves).toBe(2);
    const valves = await t.app.db
      .selectFrom('valves')
      .select(['valve_code', 'valve_kind', 'caliber', 'lng'])
      .where('company_id', '=', companyId)
      .where('valve_code', 'like', `${p}%`)
      .orderBy('valve_code')
      .execute();
    expect(valves.map((v) => [v.valve_code, v.valve_kind])).toEqual([
      [`${p}V1`, 4],
      [`${p}V2`, 1],
    ]);
    expect(valves.every((v) => v.lng !== null)).toBe(true);
  });

  it('codes the tenant already holds: 400 listing them, nothing written; another tenant may use them', async () => {
    const p = prefix();
    expect((await upload(NET1, { ...ORIGIN, prefix: p }, admin)).statusCode).toBe(200);
    const before = await counts();
    const res = await upload(NET1, { ...ORIGIN, prefix: p }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toContain(`${p}10`);
    expect(res.json().resp_msg.startsWith(zh('network.import.codeClash', { codes: '' }))).toBe(true);
    expect(await counts()).toEqual(before);
    const elsewhere = await upload(NET1, { ...ORIGIN, prefix: p }, otherAdmin);
    expect(elsewhere.statusCode).toBe(200);
    expect((await counts(otherCompanyId)).pipelines).toBe(12);
    expect(await counts()).toEqual(before);
  });

  it('a file with errors: 400 naming the lines in both languages, nothing written', async () => {
    const lines = NET1.split('\n');
    const at = lines.findIndex((l) => l.startsWith(' 10 ') || l.startsWith('10 ')) + 1;
    const broken = NET1.replace(/^( ?10\s+)710/m, '$1abc').replace(/^( ?11\s+)710/m, '$1xyz');
    const before = await counts();
    const res = await upload(broken, { ...ORIGIN, prefix: prefix() }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('file');
    expect(res.json().resp_msg).toContain(`${at}, ${at + 1}`);
    expect(res.json().resp_msg).toContain('abc');
    const english = await upload(broken, { ...ORIGIN, prefix: prefix() }, admin, 'en');
    expect(english.json().resp_msg).toMatch(/^The EPANET file has \d+ error\(s\) \(lines \d+, \d+, .*abc/);
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['no file', null, ORIGIN, 'file', 'network.import.noFile'],
    ['no pipes', '[TITLE]\nempty\n[END]\n', ORIGIN, 'file', null],
    ['a binary file', Buffer.from([0x50, 0x4b, 0, 1, 2]), ORIGIN, 'file', 'network.import.notText'],
    ['a latitude off the map', NET1, { lng: '116.4', lat: '95' }, 'lat', null],
    ['no origin', NET1, {}, 'lng', null],
    ['a prefix with a space', NET1, { ...ORIGIN, prefix: 'a b' }, 'prefix', null],
    ['a negative scale', NET1, { ...ORIGIN, scale: '-2' }, 'scale', null],
  ] as const)('%s → 400 on its field, nothing written', async (_name, file, fields, field, key) => {
    const before = await counts();
    const res = await upload(file, fields, admin);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    if (key) expect(res.json().resp_msg).toBe(zh(key));
    expect(await counts()).toEqual(before);
  });

  it('answers 401 without a token and 403 to a user who may only read pipelines', async () => {
    const before = await counts();
    expect((await upload(NET1, ORIGIN)).json()).toEqual(unauthorized);
    expect((await upload(NET1, { ...ORIGIN, prefix: prefix() }, viewer.token)).json()).toEqual(forbidden);
    expect(await counts()).toEqual(before);
  });
});
