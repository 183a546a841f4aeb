import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INP_HEADLOSS,
  INP_UNITS,
  INP_VALVE_TYPES,
  type InpLink,
  type InpNetwork,
  type InpNode,
  unitSystemOf,
} from './inpNetwork.ts';
import { parseInp } from './parseInp.ts';
import { serializeInp } from './serializeInp.ts';

// EPANET ids: up to 31 characters without spaces or ';' (and not starting with '[' or ';', which would read as a
// section or a comment).
const id = fc.stringMatching(/^[A-Za-z0-9_.\-#]{1,31}$/);
const value = fc.double({ min: -1e4, max: 1e4, noNaN: true, noDefaultInfinity: true });
const positive = fc.double({ min: 0.01, max: 1e5, noNaN: true, noDefaultInfinity: true });

/** A small valid network: unique node and link ids, links between distinct existing nodes. */
const network: fc.Arbitrary<InpNetwork> = fc
  .record({
    title: fc.array(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.()-]{0,40}[A-Za-z0-9.)]$/), { maxLength: 3 }),
    units: fc.constantFrom(...INP_UNITS),
    headloss: fc.constantFrom(...INP_HEADLOSS),
    nodeIds: fc.uniqueArray(id, { minLength: 2, maxLength: 12 }),
    linkIds: fc.uniqueArray(id, { minLength: 1, maxLength: 15 }),
  })
  .chain(({ title, units, headloss, nodeIds, linkIds }) => {
    const node = (nodeId: string) =>
      fc
        .record({
          kind: fc.constantFrom<InpNode['kind']>('junction', 'junction', 'reservoir', 'tank'),
          elevationM: value,
          drawn: fc.boolean(),
          x: value,
          y: value,
        })
        .map(({ drawn, x, y, ...rest }): InpNode => ({ id: nodeId, ...rest, x: drawn ? x : null, y: drawn ? y : null }))
        // the first node is always drawn: a network without coordinates is an error, tested elsewhere
        .map((n) => n);
    const ends = fc
      .tuple(fc.nat(nodeIds.length - 1), fc.nat(nodeIds.length - 2))
      .map(([a, b]) => [nodeIds[a] as string, nodeIds[b >= a ? b + 1 : b] as string] as const);
    const vertices = fc.array(fc.tuple(value, value), { maxLength: 3 });
    const link = (linkId: string, index: number): fc.Arbitrary<InpLink> => {
      // the first link is a pipe, so the network always has one
      const kinds = index === 0 ? (['pipe'] as const) : (['pipe', 'pipe', 'pump', 'valve'] as const);
      return fc
        .record({ kind: fc.constantFrom(...kinds), ends, vertices, length: positive, diameter: positive })
        .chain(({ kind, ends: [from, to], vertices, length, diameter }): fc.Arbitrary<InpLink> => {
          const base = { id: linkId, from, to, vertices };
          if (kind === 'pipe')
            return fc
              .record({ roughness: positive, status: fc.constantFrom<InpLink['status']>('open', 'closed', 'cv') })
              .map(({ roughness, status }) => ({
                ...base,
                kind,
                lengthM: length,
                diameterMm: diameter,
                roughness,
                status,
                valveType: null,
              }));
          if (kind === 'pump')
            return fc.constantFrom<InpLink['status']>('open', 'closed').map((status) => ({
              ...base,
              kind,
              lengthM: null,
              diameterMm: null,
              roughness: null,
              status,
              valveType: null,
            }));
          return fc
            .record({
              status: fc.constantFrom<InpLink['status']>('active', 'open', 'closed'),
              valveType: fc.constantFrom(...INP_VALVE_TYPES),
            })
            .map(({ status, valveType }) => ({
              ...base,
              kind,
              lengthM: null,
              diameterMm: diameter,
              roughness: null,
              status,
              valveType,
            }));
        });
    };
    return fc
      .record({
        // the first node is always drawn: a network without coordinates is an error result, tested elsewhere
        nodes: fc.tuple(...nodeIds.map(node)).map((nodes) => {
          const [first] = nodes as [InpNode];
          if (first.x === null) [first.x, first.y] = [0, 0];
          return nodes;
        }),
        links: fc.tuple(...linkIds.map(link)),
      })
      .map(
        ({ nodes, links }): InpNetwork => ({
          title: title.join('\n'),
          units,
          unitSystem: unitSystemOf(units),
          headloss,
          nodes,
          links,
        }),
      );
  });

/** The file keeps nodes and links in one section per kind, so they come back grouped by kind, in order. */
const grouped = (model: InpNetwork): InpNetwork => {
  const nodeKinds = ['junction', 'reservoir', 'tank'];
  const linkKinds = ['pipe', 'pump', 'valve'];
  return {
    ...model,
    nodes: nodeKinds.flatMap((k) => model.nodes.filter((n) => n.kind === k)),
    links: linkKinds.flatMap((k) => model.links.filter((l) => l.kind === k)),
  };
};

/** Equal, with numbers compared to 1e-9 relative: US files go through feet and inches and back. */
const expectSame = (actual: unknown, expected: unknown, path = '$'): void => {
  if (typeof expected === 'number' && typeof actual === 'number') {
    expect(Math.abs(actual - expected), path).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
  } else if (expected !== null && typeof expected === 'object') {
    expect(typeof actual, path).toBe('object');
    const keys = Object.keys(expected as object);
    expect(Object.keys(actual as object).sort(), path).toEqual(keys.sort());
    for (const k of keys) expectSame((actual as never)[k], (expected as never)[k], `${path}.${k}`);
  } else expect(actual, path).toEqual(expected);
};

describe('serializeInp', () => {
  it('round-trips any small network: serialize → parse gives the same model', () => {
    fc.assert(
      fc.property(network, (model) => {
        const result = parseInp(serializeInp(model));
        expect(result.errors).toEqual([]);
        expectSame(result.network, grouped(model));
      }),
      { numRuns: 200 },
    );
  });

  it('writes a US network back in feet and inches', () => {
    const text = serializeInp({
      title: 'Two nodes',
      units: 'GPM',
      unitSystem: 'US',
      headloss: 'H-W',
      nodes: [
        { id: 'A', kind: 'junction', elevationM: 3.048, x: 0, y: 0 },
        { id: 'B', kind: 'reservoir', elevationM: 30.48, x: 1, y: 0 },
      ],
      links: [
        {
          id: 'P',
          kind: 'pipe',
          from: 'B',
          to: 'A',
          lengthM: 304.8,
          diameterMm: 254,
          roughness: 100,
          status: 'cv',
          valveType: null,
          vertices: [],
        },
      ],
    });
    const pipe = text.split('\n').find((l) => l.trim().startsWith('P '));
    expect(pipe?.split(/\s+/).slice(1, 9)).toEqual(['P', 'B', 'A', '1000', '10', '100', '0', 'CV']);
  });
});
