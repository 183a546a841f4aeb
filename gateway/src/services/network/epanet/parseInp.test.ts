import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InpNetwork, InpNodeKind } from './inpNetwork.ts';
import { parseInp } from './parseInp.ts';

/** The EPA example networks, copied into the repo so CI on a clean clone has them. */
const fixture = (name: string) =>
  readFileSync(new URL(`../../../../../tests/fixtures/epanet/${name}`, import.meta.url), 'utf8');

const count = (network: InpNetwork) => {
  const nodes = (kind: InpNodeKind) => network.nodes.filter((n) => n.kind === kind).length;
  const links = (kind: string) => network.links.filter((l) => l.kind === kind).length;
  return {
    junctions: nodes('junction'),
    reservoirs: nodes('reservoir'),
    tanks: nodes('tank'),
    pipes: links('pipe'),
    pumps: links('pump'),
    valves: links('valve'),
    withCoordinates: network.nodes.filter((n) => n.x !== null).length,
  };
};

const parsed = (text: string) => {
  const result = parseInp(text);
  if (!result.network) throw new Error(`no network: ${JSON.stringify(result.errors)}`);
  return { ...result, network: result.network };
};

/** A small SI network; lines are numbered in comments so the error tests can point at them. */
const small = (pipes = ' P1  J1  J2  1000  300  120', extra = '') =>
  [
    '[JUNCTIONS]', // 1
    ' J1  10', // 2
    ' J2  12.5  3  ; demand 3', // 3
    '[RESERVOIRS]', // 4
    ' R1  50', // 5
    '[PIPES]', // 6
    pipes, // 7
    ' P2  R1  J1  200  400  120', // 8
    '[COORDINATES]', // 9
    ' J1  0  0', // 10
    ' J2  1000  0', // 11
    ' R1  -200  0', // 12
    '[OPTIONS]', // 13
    ' Units  LPS', // 14
    extra,
  ].join('\n');

describe('parseInp on the EPA example networks', () => {
  it('reads Net1 (GPM) with the counts of the file and no issue', () => {
    const { ok, network, errors, warnings } = parsed(fixture('Net1.inp'));
    expect(ok).toBe(true);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
    expect(count(network)).toEqual({
      junctions: 9,
      reservoirs: 1,
      tanks: 1,
      pipes: 12,
      pumps: 1,
      valves: 0,
      withCoordinates: 11,
    });
    expect(network.title.split('\n')[0]).toBe('EPANET Example Network 1');
    expect(network.units).toBe('GPM');
    expect(network.unitSystem).toBe('US');
    expect(network.headloss).toBe('H-W');
  });

  it('converts Net1 from feet and inches to metres and millimetres', () => {
    const { network } = parsed(fixture('Net1.inp'));
    const pipe10 = network.links.find((l) => l.id === '10');
    expect(pipe10).toMatchObject({ kind: 'pipe', from: '10', to: '11', roughness: 100, status: 'open' });
    expect(pipe10?.lengthM).toBeCloseTo(10530 * 0.3048, 9); // 3209.544 m
    expect(pipe10?.diameterMm).toBeCloseTo(18 * 25.4, 9); // 457.2 mm
    expect(network.nodes.find((n) => n.id === '10')?.elevationM).toBeCloseTo(710 * 0.3048, 9);
    expect(network.nodes.find((n) => n.id === '9')).toMatchObject({ kind: 'reservoir', x: 10, y: 70 });
    expect(network.nodes.find((n) => n.id === '9')?.elevationM).toBeCloseTo(800 * 0.3048, 9);
    expect(network.links.find((l) => l.kind === 'pump')).toMatchObject({ id: '9', from: '9', to: '10', lengthM: null });
  });

  it('reads Net3 with the counts of the file, its named reservoirs and the pump closed by [STATUS]', () => {
    const { ok, network, warnings } = parsed(fixture('Net3.inp'));
    expect(ok).toBe(true);
    expect(warnings).toEqual([]);
    expect(count(network)).toEqual({
      junctions: 92,
      reservoirs: 2,
      tanks: 3,
      pipes: 117,
      pumps: 2,
      valves: 0,
      withCoordinates: 97,
    });
    expect(network.nodes.filter((n) => n.kind === 'reservoir').map((n) => n.id)).toEqual(['River', 'Lake']);
    expect(network.links.find((l) => l.id === '10')).toMatchObject({ kind: 'pump', from: 'Lake', status: 'closed' });
    expect(network.links.find((l) => l.id === '335')).toMatchObject({ kind: 'pump', status: 'open' });
  });

  it('reads Net2 (35 junctions, 1 tank, 40 pipes, no pump)', () => {
    const { ok, network } = parsed(fixture('Net2.inp'));
    expect(ok).toBe(true);
    expect(count(network)).toMatchObject({ junctions: 35, reservoirs: 0, tanks: 1, pipes: 40, pumps: 0 });
  });

  it('counts the same data lines as a naive scan of each file', () => {
    for (const name of ['Net1.inp', 'Net2.inp', 'Net3.inp']) {
      const rows = new Map<string, number>();
      let section = '';
      for (const line of fixture(name).split('\n')) {
        const body = (line.split(';')[0] as string).trim();
        if (body.startsWith('[')) section = body;
        else if (body) rows.set(section, (rows.get(section) ?? 0) + 1);
      }
      const c = count(parsed(fixture(name)).network);
      expect(c.junctions).toBe(rows.get('[JUNCTIONS]') ?? 0);
      expect(c.pipes).toBe(rows.get('[PIPES]') ?? 0);
      expect(c.pumps).toBe(rows.get('[PUMPS]') ?? 0);
      expect(c.tanks + c.reservoirs).toBe((rows.get('[TANKS]') ?? 0) + (rows.get('[RESERVOIRS]') ?? 0));
    }
  });
});

describe('parseInp units and layout', () => {
  it('keeps SI values as they are (LPS: metres and millimetres)', () => {
    const { ok, network } = parsed(small());
    expect(ok).toBe(true);
    expect(network.unitSystem).toBe('SI');
    expect(network.links[0]).toMatchObject({ id: 'P1', lengthM: 1000, diameterMm: 300, roughness: 120 });
    expect(network.nodes[1]).toMatchObject({ id: 'J2', elevationM: 12.5, x: 1000, y: 0 });
  });

  it.each([
    ['GPM', 'US'],
    ['cfs', 'US'],
    ['MGD', 'US'],
    ['IMGD', 'US'],
    ['AFD', 'US'],
    ['LPS', 'SI'],
    ['LPM', 'SI'],
    ['MLD', 'SI'],
    ['CMH', 'SI'],
    ['CMD', 'SI'],
  ])('treats Units %s as %s', (units, system) => {
    const { network } = parsed(small().replace('Units  LPS', `Units ${units}`));
    expect(network.unitSystem).toBe(system);
    expect(network.links[0]?.lengthM).toBeCloseTo(system === 'US' ? 304.8 : 1000, 9);
    expect(network.links[0]?.diameterMm).toBeCloseTo(system === 'US' ? 7620 : 300, 9);
  });

  it('defaults to GPM like EPANET when no units are given, and says so', () => {
    const { network, warnings } = parsed(small().replace(' Units  LPS', ''));
    expect(network.units).toBe('GPM');
    expect(warnings).toContainEqual({ code: 'unitsDefaulted', line: null, params: { units: 'GPM' } });
  });

  it('converts Darcy-Weisbach roughness from millifeet in US files only', () => {
    const dw = (units: string) => parsed(small().replace('Units  LPS', `Units ${units}\n Headloss D-W`)).network;
    expect(dw('GPM').links[0]?.roughness).toBeCloseTo(120 * 0.3048, 9);
    expect(dw('LPS').links[0]?.roughness).toBe(120);
  });

  it('accepts comments, tabs, CRLF, a byte-order mark, lower-case sections and skips unknown sections', () => {
    const text = `\uFEFF${small()}`
      .replace('[PIPES]', '[pipes]  ; the mains')
      .replace(' P2  R1  J1', '\tP2\tR1\t  J1')
      .replace('[COORDINATES]', '[PATTERNS]\n 1 1.0 1.2\n[CURVES]\n 1 2 3\n[COORDINATES]')
      .replaceAll('\n', '\r\n');
    const { ok, network } = parsed(text);
    expect(ok).toBe(true);
    expect(network.links.map((l) => l.id)).toEqual(['P1', 'P2']);
  });

  it('reads a 7th pipe field as a status or a minor loss, and an 8th as the status', () => {
    const status = (line: string) => parsed(small(line)).network.links[0]?.status;
    expect(status(' P1 J1 J2 1000 300 120 CV')).toBe('cv');
    expect(status(' P1 J1 J2 1000 300 120 closed')).toBe('closed');
    expect(status(' P1 J1 J2 1000 300 120 0.5')).toBe('open');
    expect(status(' P1 J1 J2 1000 300 120 0.5 Closed')).toBe('closed');
  });

  it('reads valves and vertices, and stops at [END]', () => {
    const extra = '[VALVES]\n V1 J2 J1 250 prv 30\n[VERTICES]\n P1 500 100\n P1 700 100\n[END]\n[PIPES]\n X J1 J2';
    const { ok, network } = parsed(small(undefined, extra));
    expect(ok).toBe(true);
    expect(network.links.find((l) => l.id === 'V1')).toMatchObject({
      kind: 'valve',
      valveType: 'PRV',
      diameterMm: 250,
      status: 'active',
    });
    expect(network.links[0]?.vertices).toEqual([
      [500, 100],
      [700, 100],
    ]);
    expect(network.links).toHaveLength(3);
  });
});

describe('parseInp errors and warnings', () => {
  it('reports every malformed line with its line number and keeps the good lines', () => {
    const text = [
      '[JUNCTIONS]', // 1
      ' J1 10', // 2
      ' J2 high', // 3: not a number
      ' J3', // 4: too few fields
      ' J1 11', // 5: duplicate
      '[PIPES]', // 6
      ' P1 J1 J3 100 200 120', // 7: J3 was never read
      ' P2 J1 J4 100 200 120', // 8: unknown node
      ' P3 J1 J1 100 200 120', // 9: both ends the same
      ' P4 J1 J2x 100 -200 120', // 10: negative diameter
      ' P5 J1 R1 1e3 0x1f 120', // 11: not a decimal number
      ' P6 J1 R1 100 200 120 shut', // 12: bad status
      ' P7 J1 R1 100 200 120', // 13: good
      ' P7 J1 R1 100 200 120', // 14: duplicate
      '[RESERVOIRS]', // 15
      ' R1 40', // 16
      '[VALVES]', // 17
      ' V1 J1 R1 100 XYZ 1', // 18: bad valve type
      '[COORDINATES]', // 19
      ' J1 0 0', // 20
      ' R1 0 ten', // 21: not a number
      ' Q9 5 5', // 22: unknown node (warning)
      '[OPTIONS]', // 23
      ' Units GALLONS', // 24: bad units
    ].join('\n');
    const result = parseInp(text);
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.line, e.code])).toEqual([
      [3, 'badNumber'],
      [4, 'tooFewFields'],
      [5, 'duplicateNode'],
      [7, 'unknownNode'],
      [8, 'unknownNode'],
      [9, 'sameNodes'],
      [10, 'notPositive'],
      [11, 'badNumber'],
      [12, 'badStatus'],
      [14, 'duplicateLink'],
      [18, 'badValveType'],
      [21, 'badNumber'],
      [24, 'badUnits'],
    ]);
    expect(result.errors[0]?.params).toEqual({ field: 'elevation', value: 'high' });
    expect(result.errors[3]?.params).toEqual({ link: 'P1', node: 'J3' });
    expect(result.network?.links.map((l) => l.id)).toEqual(['P7']);
    expect(result.warnings).toContainEqual({ code: 'coordinatesForUnknownNode', line: 22, params: { node: 'Q9' } });
  });

  it('reports unknown units and head-loss formulas on their line, and reads on as EPANET would (GPM, H-W)', () => {
    const result = parseInp(small().replace('Units  LPS', 'Units  M3H\n Headloss  Manning'));
    expect(result.errors).toEqual([
      { code: 'badUnits', line: 14, params: { value: 'M3H' } },
      { code: 'badHeadloss', line: 15, params: { value: 'Manning' } },
    ]);
    expect(result.network).toMatchObject({ units: 'GPM', unitSystem: 'US', headloss: 'H-W' });
  });

  it('warns about a pipe whose node has no coordinates', () => {
    const { ok, warnings } = parsed(small().replace(' J2  1000  0', ''));
    expect(ok).toBe(true);
    expect(warnings).toContainEqual({ code: 'nodeWithoutCoordinates', line: null, params: { node: 'J2' } });
    expect(warnings).toContainEqual({ code: 'linkWithoutCoordinates', line: null, params: { link: 'P1', node: 'J2' } });
  });

  it('is an error result with a reason code when the file has no pipes or no coordinates', () => {
    const noPipes = parseInp('[JUNCTIONS]\n J1 1\n[COORDINATES]\n J1 0 0');
    expect(noPipes).toMatchObject({ ok: false, network: null, errors: [{ code: 'noPipes', line: null }] });
    const noCoordinates = parseInp(small().replace(/\[COORDINATES\][\s\S]*?\[OPTIONS\]/, '[OPTIONS]'));
    expect(noCoordinates).toMatchObject({ ok: false, network: null, errors: [{ code: 'noCoordinates' }] });
    expect(parseInp('').errors.map((e) => e.code)).toEqual(['noPipes', 'noCoordinates']);
    expect(parseInp('hello\n[TITLE]\nx').warnings).toContainEqual({ code: 'lineOutsideSection', line: 1, params: {} });
  });
});
