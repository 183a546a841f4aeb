// The text limits as the shared schemas declare them: every name or label a request schema takes has a maxLength (a
// new field without one fails here), and `maxLengthOf` reads back what the forms use. The route-level walk over
// every documented request is tests/integration/textLimits.test.ts.
import { readdirSync } from 'node:fs';
import { Kind, type TSchema, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { maxLengthOf, NAME_MAX, NameText } from './textLimits.ts';

/** Request shapes by the names the domains give them: saves, bodies, queries, filters, publishes. */
const REQUEST_SCHEMA = /(Save|Body|Query|Filters|Publish|Update|Request|Archives)$/;
const NAME_LIKE = /(^|[a-z])(name|Name|label|Label|title|Title)$/;

type Walked = {
  maxLength?: number;
  type?: string;
  properties?: Record<string, Walked>;
  anyOf?: Walked[];
  allOf?: Walked[];
  items?: Walked;
};

/** The name-like text properties under `s` without a maxLength, as `path`. */
const unlimitedNames = (s: Walked, path: string, field = ''): string[] => {
  const own = s.type === 'string' && NAME_LIKE.test(field) && s.maxLength === undefined ? [path] : [];
  return [
    ...own,
    ...Object.entries(s.properties ?? {}).flatMap(([k, v]) => unlimitedNames(v, `${path}.${k}`, k)),
    ...[...(s.anyOf ?? []), ...(s.allOf ?? [])].flatMap((b) => unlimitedNames(b, path, field)),
    ...(s.items ? unlimitedNames(s.items, `${path}[]`, field) : []),
  ];
};

const domains = readdirSync(new URL('..', import.meta.url)).filter((d) => !d.includes('.'));

describe('the shared request schemas', () => {
  it('give every name, label and title a maxLength', async () => {
    const seen: string[] = [];
    const missing: string[] = [];
    for (const domain of domains) {
      let mod: Record<string, unknown>;
      try {
        mod = await import(`../${domain}/index.ts`);
      } catch {
        continue; // a folder without an index (not a domain)
      }
      for (const [name, value] of Object.entries(mod)) {
        if (!REQUEST_SCHEMA.test(name) || typeof value !== 'object' || value === null || !(Kind in value)) continue;
        seen.push(name);
        missing.push(...unlimitedNames(value as Walked, `${domain}/${name}`));
      }
    }
    // the walk sees the domains' request schemas, the region save among them
    expect(seen).toEqual(expect.arrayContaining(['RegionSave', 'ManufacturerSave', 'RoleSave', 'ResidentSave']));
    expect(missing).toEqual([]);
  });
});

describe('maxLengthOf', () => {
  const schema = Type.Composite([
    Type.Object({ name: NameText(), count: Type.Integer() }),
    Type.Object({
      remark: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 200 })])),
      amount: Type.Union([Type.Number(), Type.String({ maxLength: 30 })]),
    }),
  ]) as TSchema;

  it.each([
    ['name', NAME_MAX],
    ['remark', 200],
    ['amount', 30],
    ['count', undefined],
    ['unknown', undefined],
  ] as const)('reads %s as %s', (field, max) => {
    expect(maxLengthOf(schema, field)).toBe(max);
  });

  it('holds a name to the spec’s 20 characters', () => {
    expect(NAME_MAX).toBe(20);
  });
});
