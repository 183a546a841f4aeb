// The fuzz walk (issue 17.2): every operation of the OpenAPI document (/docs/json, generated from the schemas the
// routes validate with) gets malformed variants of its input with an administrator's token: a NUL byte in each
// text, 2^70 and 1e308 in each number, null where a number is required, the wrong type, a 100,000-character text,
// malformed multipart for uploads. None may answer 5xx, and nothing may be written. A route added later is walked
// without anyone listing it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '../fixtures/factories.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  $ref?: string;
};
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/** Where a value sits in a request: a path or query parameter, or a path into the JSON body. */
type Slot = { in: 'path' | 'query' | 'body'; at: (string | number)[]; schema: Schema; required: boolean };
type Request = { method: string; url: string; payload?: string | object; headers?: Record<string, string> };
type Variant = { what: string; request: Request; field?: string };

const NUL = 'a\u0000b';
const HUGE = 'x'.repeat(100_000);
/** Per operation, at most this many fields get each kind of bad value (the first ones, then every n-th). */
const FIELDS_PER_KIND = 4;

let t: TestApp;
let doc: Doc;
let admin: string;

const resolve = (s: Schema | undefined, depth = 0): Schema | undefined => {
  if (!s?.$ref || depth > 10) return s;
  return resolve(doc.components?.schemas?.[s.$ref.split('/').at(-1) ?? ''], depth + 1);
};
const typesOf = (s: Schema): string[] => [s.type ?? []].flat();
/** The first branch of a union that is not null (the one a client would mean). */
const mainBranch = (s: Schema): Schema => {
  const branches = s.anyOf ?? s.oneOf;
  if (!branches) return s;
  return resolve(branches.find((b) => !typesOf(resolve(b) ?? {}).includes('null')) ?? branches[0]) ?? s;
};

/** A plausible valid value for a schema, so a variant breaks exactly one field. */
const sample = (raw: Schema | undefined, depth = 0): unknown => {
  const s = mainBranch(resolve(raw) ?? {});
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.allOf?.length) return sample(s.allOf[0], depth + 1);
  const type = typesOf(s).find((x) => x !== 'null') ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'boolean':
      return false;
    case 'array': {
      const item = Array.isArray(s.items) ? s.items[0] : s.items;
      return depth > 6 ? [] : Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(item, depth + 1));
    }
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const k of s.required ?? []) out[k] = sample(s.properties?.[k], depth + 1);
      return out;
    }
    default:
      if (s.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (s.format === 'date') return '2026-01-01';
      return 'a'.repeat(Math.max(1, s.minLength ?? 1));
  }
};

/** Every scalar field under a body schema (one item of each array), with its path. */
const bodySlots = (raw: Schema | undefined, at: (string | number)[], required: boolean, out: Slot[], depth = 0) => {
  const s = mainBranch(resolve(raw) ?? {});
  if (depth > 6) return out;
  const types = typesOf(s);
  if (s.properties) {
    for (const [k, v] of Object.entries(s.properties))
      bodySlots(v, [...at, k], (s.required ?? []).includes(k), out, depth + 1);
  } else if (types.includes('array')) {
    bodySlots(Array.isArray(s.items) ? s.items[0] : s.items, [...at, 0], true, out, depth + 1);
  } else if (s.allOf) {
    for (const b of s.allOf) bodySlots(b, at, required, out, depth + 1);
  } else if (at.length > 0) out.push({ in: 'body', at, schema: s, required });
  return out;
};

const setIn = (value: unknown, at: (string | number)[], leaf: unknown): unknown => {
  if (at.length === 0) return leaf;
  const [head, ...rest] = at;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = setIn(list[head], rest, leaf);
    return list;
  }
  const obj: Record<string, unknown> =
    value && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, unknown>) } : {};
  obj[String(head)] = setIn(obj[String(head)], rest, leaf);
  return obj;
};

const isNumber = (s: Schema) => typesOf(s).some((x) => x === 'integer' || x === 'number');
const isText = (s: Schema) => typesOf(s).includes('string') && s.enum === undefined && s.const === undefined;
/** Up to FIELDS_PER_KIND of the list, spread over it. */
const some = <T>(list: T[]): T[] =>
  list.length <= FIELDS_PER_KIND
    ? list
    : Array.from({ length: FIELDS_PER_KIND }, (_, i) => list[Math.floor((i * list.length) / FIELDS_PER_KIND)] as T);

/** The malformed variants of one operation. */
const variantsOf = (path: string, method: string, op: Operation): Variant[] => {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const multipart = op.requestBody?.content?.['multipart/form-data'] !== undefined;
  const slots: Slot[] = [
    ...params.map((p) => ({
      in: p.in as 'path' | 'query',
      at: [p.name],
      schema: mainBranch(resolve(p.schema) ?? {}),
      required: p.in === 'path' || p.required === true,
    })),
    ...(jsonSchema ? bodySlots(jsonSchema, [], true, []) : []),
  ];
  const base = {
    path: Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, sample(p.schema)])),
    query: Object.fromEntries(
      params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p.schema)]),
    ),
    body: jsonSchema ? sample(jsonSchema) : undefined,
  };
  const build = (slot: Slot | undefined, value: unknown): Request => {
    const pathValues = { ...base.path };
    const query: Record<string, unknown> = { ...base.query };
    let body = base.body;
    if (slot?.in === 'path') pathValues[slot.at[0] as string] = value;
    if (slot?.in === 'query') query[slot.at[0] as string] = value;
    if (slot?.in === 'body') body = setIn(body, slot.at, value);
    const url =
      path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(pathValues[name]))) +
      (Object.keys(query).length
        ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}`
        : '');
    return { method, url, ...(body !== undefined ? { payload: body as object } : {}) };
  };
  const where = (slot: Slot) => `${slot.in}.${slot.at.join('.')}`;
  const out: Variant[] = [];
  const texts = slots.filter((s) => isText(s.schema));
  const numbers = slots.filter((s) => isNumber(s.schema));
  for (const s of some(texts)) out.push({ what: `NUL in ${where(s)}`, field: where(s), request: build(s, NUL) });
  for (const s of some(numbers)) {
    // the literal digits, not JSON's 1.18e21: what a client that thinks in 128-bit integers would send
    out.push({
      what: `2^70 in ${where(s)}`,
      field: where(s),
      request: build(s, s.in === 'body' ? 2 ** 70 : '1180591620717411303424'),
    });
    out.push({ what: `1e308 in ${where(s)}`, field: where(s), request: build(s, s.in === 'body' ? 1e308 : '1e308') });
    out.push({ what: `text in ${where(s)}`, field: where(s), request: build(s, 'abc') });
  }
  for (const s of some(numbers.filter((n) => n.in === 'body' && n.required)))
    out.push({ what: `null in ${where(s)}`, field: where(s), request: build(s, null) });
  for (const s of some(texts.filter((x) => x.in === 'body')))
    out.push({ what: `object in ${where(s)}`, field: where(s), request: build(s, { a: 1 }) });
  const hugeAt = texts.find((s) => s.in !== 'path');
  if (hugeAt)
    out.push({ what: `100,000 characters in ${where(hugeAt)}`, field: where(hugeAt), request: build(hugeAt, HUGE) });
  if (jsonSchema) out.push({ what: 'a JSON array as the body', request: { ...build(undefined, null), payload: [] } });
  if (multipart) {
    const url = build(undefined, null).url;
    const boundary = '----fuzz';
    const bad = (what: string, contentType: string, payload: string) =>
      out.push({ what, request: { method, url, payload, headers: { 'content-type': contentType } } });
    bad('multipart without a boundary', 'multipart/form-data', 'garbage');
    bad('multipart cut off', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form`);
    bad(
      'multipart with no closing boundary',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\nPK\u0003\u0004',
    );
    bad(
      'multipart with a NUL in the field name and file name',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="f\u0000"; filename="a\u0000.png"\r\n` +
        `Content-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
    );
    bad('a JSON body where a file is expected', 'application/json', '{"file":"a\\u0000"}');
  }
  return out;
};

/**
 * Inputs a route overwrites before validation, so any value is taken (and ignored): `route query.field`. Adding one
 * is a decision: say why beside it.
 */
const OVERWRITTEN = [
  // the wired and wireless collector lists fix the link kind by their path (device/collectorRoutes.ts)
  'GET /api-workbench/device/collector/findWiredList/export query.linkKind',
  'GET /api-workbench/device/collector/findWirelessList/export query.linkKind',
];

/** Tables whose rows change by design while bad requests are refused. */
const LOGS = new Set([
  // refused changes are written to the operation log (services/log/failureLog.ts): that is its job
  'operation_log',
  // sign-in: the walk signs in again should a variant end the administrator's session
  'tokens',
  'logins',
]);

/** Each table's row count and a hash of its rows (order-independent): a change anywhere shows. */
const fingerprint = async (): Promise<Record<string, string>> => {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(t.app.db);
  const names = tables.rows.map((r) => r.name).filter((n) => !LOGS.has(n) && !n.startsWith('kysely_'));
  const parts = names.map(
    (n) => sql`select ${n} as name, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as fp
      from ${sql.table(n)} x`,
  );
  const rows = await sql<{ name: string; fp: string }>`${sql.join(parts, sql` union all `)}`.execute(t.app.db);
  return Object.fromEntries(rows.rows.map((r) => [r.name, r.fp]));
};

beforeAll(async () => {
  t = await startTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  admin = await signIn(t.app, 'admin', 'admin123');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('every route, given malformed input', () => {
  it('answers 4xx, never 5xx, and writes nothing', { timeout: 300_000 }, async () => {
    const operations = Object.entries(doc.paths)
      .filter(([path]) => !path.startsWith('/docs'))
      .flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'delete', 'patch'].includes(method))
          .map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
      );
    // the walk sees the API: hundreds of operations, the uploads among them
    expect(operations.length).toBeGreaterThan(250);
    const before = await fingerprint();
    const failures: string[] = [];
    const accepted: string[] = [];
    let requests = 0;
    let routesWithVariants = 0;
    for (const { path, method, op } of operations) {
      const variants = variantsOf(path, method, op);
      if (variants.length) routesWithVariants++;
      for (const v of variants) {
        requests++;
        const res = await t.app.inject({
          ...v.request,
          method: v.request.method as 'GET',
          headers: { ...bearer(admin), ...v.request.headers },
        });
        if (res.statusCode === 401) admin = await signIn(t.app, 'admin', 'admin123');
        if (res.statusCode >= 500) failures.push(`${method} ${path}: ${v.what} → ${res.statusCode} ${res.body}`);
        else if (res.statusCode < 400 && !OVERWRITTEN.includes(`${method} ${path} ${v.field}`))
          accepted.push(`${method} ${path}: ${v.what} → ${res.statusCode}`);
      }
    }
    const after = await fingerprint();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    // the figures for RELIABILITY.md
    console.info(
      `fuzz walk: ${operations.length} operations (${routesWithVariants} with input), ${requests} requests, ` +
        `${failures.length} 5xx, ${accepted.length} accepted, tables changed: ${changed.join(', ') || 'none'}`,
    );
    expect({ failures, changed, accepted }).toEqual({ failures: [], changed: [], accepted: [] });
  });
});
