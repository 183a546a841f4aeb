// A tolerant reader of the EPANET 2 `.inp` text format: it keeps what utilities' hydraulic models need for a pipe
// network (nodes, links, coordinates, vertices, units) and skips the hydraulic-simulation sections. Every bad line
// is reported with its line number (all of them, not just the first) so a user can fix a file in one go.
import {
  FOOT_M,
  INCH_MM,
  INP_HEADLOSS,
  INP_UNITS,
  INP_VALVE_TYPES,
  type InpHeadloss,
  type InpIssue,
  type InpIssueCode,
  type InpLink,
  type InpLinkStatus,
  type InpNetwork,
  type InpNode,
  type InpUnits,
  type InpValveType,
  type ParseInpResult,
  unitSystemOf,
} from './inpNetwork.ts';

type Row = { line: number; tokens: string[] };

const READ_SECTIONS = [
  'TITLE',
  'JUNCTIONS',
  'RESERVOIRS',
  'TANKS',
  'PIPES',
  'PUMPS',
  'VALVES',
  'STATUS',
  'COORDINATES',
  'VERTICES',
  'OPTIONS',
] as const;
type Section = (typeof READ_SECTIONS)[number];

// Number() accepts '', '0x1f' and 'Infinity'; an .inp number is a plain decimal (".1" and "1e3" included).
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

const issue = (code: InpIssueCode, line: number | null, params: Record<string, string | number> = {}): InpIssue => ({
  code,
  line,
  params,
});

/** Splits the text into the rows of the sections we read; comments, blank lines and other sections are dropped. */
const splitSections = (text: string, warnings: InpIssue[]) => {
  const rows = new Map<Section, Row[]>(READ_SECTIONS.map((s) => [s, []]));
  const seen = new Set<Section>();
  const title: string[] = [];
  let current: Section | 'OTHER' | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] as string;
    const body = (raw.split(';', 1)[0] as string).trim();
    if (body.startsWith('[')) {
      const name = body.slice(1, body.indexOf(']') > 0 ? body.indexOf(']') : undefined).toUpperCase();
      if (name === 'END') break;
      current = (READ_SECTIONS as readonly string[]).includes(name) ? (name as Section) : 'OTHER';
      if (current !== 'OTHER') seen.add(current);
      continue;
    }
    if (body === '') continue;
    if (current === null) {
      warnings.push(issue('lineOutsideSection', i + 1));
      continue;
    }
    if (current === 'OTHER') continue;
    if (current === 'TITLE') title.push(body);
    else rows.get(current)?.push({ line: i + 1, tokens: body.split(/\s+/) });
  }
  return { rows: (s: Section) => rows.get(s) ?? [], seen, title: title.join('\n') };
};

/** Reads an EPANET 2 `.inp` text into an SI model, collecting errors and warnings instead of throwing. */
export const parseInp = (text: string): ParseInpResult => {
  const errors: InpIssue[] = [];
  const warnings: InpIssue[] = [];
  const { rows, seen, title } = splitSections(text, warnings);

  const num = (row: Row, index: number, field: string, positive = false): number | null => {
    const token = row.tokens[index] as string;
    if (!NUMBER.test(token)) {
      errors.push(issue('badNumber', row.line, { field, value: token }));
      return null;
    }
    const value = Number(token);
    if (positive && !(value > 0)) {
      errors.push(issue('notPositive', row.line, { field, value: token }));
      return null;
    }
    return value;
  };
  const enough = (row: Row, min: number) => {
    if (row.tokens.length >= min) return true;
    errors.push(issue('tooFewFields', row.line, { expected: min, found: row.tokens.length }));
    return false;
  };

  // Options first: units decide every conversion below, and [OPTIONS] usually comes last in the file.
  let units: InpUnits = 'GPM';
  let headloss: InpHeadloss = 'H-W';
  let unitsGiven = false;
  for (const row of rows('OPTIONS')) {
    const key = (row.tokens[0] as string).toUpperCase();
    const value = (row.tokens[1] ?? '').toUpperCase();
    if (key === 'UNITS') {
      if ((INP_UNITS as readonly string[]).includes(value)) {
        units = value as InpUnits;
        unitsGiven = true;
      } else errors.push(issue('badUnits', row.line, { value: row.tokens[1] ?? '' }));
    } else if (key === 'HEADLOSS') {
      if ((INP_HEADLOSS as readonly string[]).includes(value)) headloss = value as InpHeadloss;
      else errors.push(issue('badHeadloss', row.line, { value: row.tokens[1] ?? '' }));
    }
  }
  // EPANET itself assumes GPM when no units are given; say so, since it changes every length.
  if (!unitsGiven) warnings.push(issue('unitsDefaulted', null, { units }));
  const unitSystem = unitSystemOf(units);
  const lengthM = (v: number) => (unitSystem === 'US' ? v * FOOT_M : v);
  const diameterMm = (v: number) => (unitSystem === 'US' ? v * INCH_MM : v);
  // D-W roughness is in 10⁻³ ft in US files, mm in SI; the C factors of H-W and C-M have no unit.
  const roughnessOf = (v: number) => (headloss === 'D-W' && unitSystem === 'US' ? v * FOOT_M : v);

  const nodes: InpNode[] = [];
  const nodeIndex = new Map<string, InpNode>();
  const addNode = (row: Row, kind: InpNode['kind']) => {
    if (!enough(row, 2)) return;
    const id = row.tokens[0] as string;
    const elevation = num(row, 1, kind === 'reservoir' ? 'head' : 'elevation');
    if (elevation === null) return;
    if (nodeIndex.has(id)) {
      errors.push(issue('duplicateNode', row.line, { id }));
      return;
    }
    const node: InpNode = { id, kind, elevationM: lengthM(elevation), x: null, y: null };
    nodes.push(node);
    nodeIndex.set(id, node);
  };
  for (const row of rows('JUNCTIONS')) addNode(row, 'junction');
  for (const row of rows('RESERVOIRS')) addNode(row, 'reservoir');
  for (const row of rows('TANKS')) addNode(row, 'tank');

  const links: InpLink[] = [];
  const linkIndex = new Map<string, InpLink>();
  const addLink = (row: Row, link: InpLink) => {
    if (linkIndex.has(link.id)) return errors.push(issue('duplicateLink', row.line, { id: link.id }));
    if (link.from === link.to) return errors.push(issue('sameNodes', row.line, { id: link.id, node: link.from }));
    for (const node of [link.from, link.to]) {
      if (!nodeIndex.has(node)) return errors.push(issue('unknownNode', row.line, { link: link.id, node }));
    }
    links.push(link);
    linkIndex.set(link.id, link);
  };
  const statusOf = (row: Row, token: string): InpLinkStatus | null => {
    const s = token.toUpperCase();
    if (s === 'OPEN' || s === 'CLOSED' || s === 'CV') return s.toLowerCase() as InpLinkStatus;
    errors.push(issue('badStatus', row.line, { value: token }));
    return null;
  };

  for (const row of rows('PIPES')) {
    if (!enough(row, 6)) continue;
    const [id, from, to] = row.tokens as [string, string, string];
    const length = num(row, 3, 'length', true);
    const diameter = num(row, 4, 'diameter', true);
    const roughness = num(row, 5, 'roughness', true);
    // As EPANET: a 7th field is the minor loss or a status; with 8 fields it is minor loss then status.
    let status: InpLinkStatus | null = 'open';
    const extra = row.tokens.slice(6);
    if (extra.length === 1 && !NUMBER.test(extra[0] as string)) status = statusOf(row, extra[0] as string);
    else if (extra.length >= 1 && num(row, 6, 'minorLoss') === null) status = null;
    if (extra.length >= 2) status = status && statusOf(row, extra[1] as string);
    if (length === null || diameter === null || roughness === null || status === null) continue;
    addLink(row, {
      id,
      kind: 'pipe',
      from,
      to,
      lengthM: lengthM(length),
      diameterMm: diameterMm(diameter),
      roughness: roughnessOf(roughness),
      status,
      valveType: null,
      vertices: [],
    });
  }
  for (const row of rows('PUMPS')) {
    if (!enough(row, 3)) continue;
    const [id, from, to] = row.tokens as [string, string, string];
    const pump = { id, kind: 'pump', from, to, lengthM: null, diameterMm: null, roughness: null } as const;
    addLink(row, { ...pump, status: 'open', valveType: null, vertices: [] });
  }
  for (const row of rows('VALVES')) {
    if (!enough(row, 6)) continue;
    const [id, from, to, , type] = row.tokens as [string, string, string, string, string];
    const diameter = num(row, 3, 'diameter', true);
    const valveType = type.toUpperCase();
    if (!(INP_VALVE_TYPES as readonly string[]).includes(valveType)) {
      errors.push(issue('badValveType', row.line, { value: type }));
      continue;
    }
    if (diameter === null) continue;
    addLink(row, {
      id,
      kind: 'valve',
      from,
      to,
      lengthM: null,
      diameterMm: diameterMm(diameter),
      roughness: null,
      status: 'active',
      valveType: valveType as InpValveType,
      vertices: [],
    });
  }
  // [STATUS] sets the initial status of pumps and valves (a number there is a speed or setting: left as is).
  for (const row of rows('STATUS')) {
    if (!enough(row, 2)) continue;
    const link = linkIndex.get(row.tokens[0] as string);
    if (!link) {
      warnings.push(issue('statusForUnknownLink', row.line, { link: row.tokens[0] as string }));
      continue;
    }
    const value = (row.tokens[1] as string).toUpperCase();
    if (value === 'OPEN' || value === 'CLOSED') link.status = value === 'OPEN' ? 'open' : 'closed';
  }

  for (const row of rows('COORDINATES')) {
    if (!enough(row, 3)) continue;
    const x = num(row, 1, 'x');
    const y = num(row, 2, 'y');
    if (x === null || y === null) continue;
    const node = nodeIndex.get(row.tokens[0] as string);
    if (!node) warnings.push(issue('coordinatesForUnknownNode', row.line, { node: row.tokens[0] as string }));
    else [node.x, node.y] = [x, y];
  }
  for (const row of rows('VERTICES')) {
    if (!enough(row, 3)) continue;
    const x = num(row, 1, 'x');
    const y = num(row, 2, 'y');
    if (x === null || y === null) continue;
    const link = linkIndex.get(row.tokens[0] as string);
    if (!link) warnings.push(issue('verticesForUnknownLink', row.line, { link: row.tokens[0] as string }));
    else link.vertices.push([x, y]);
  }

  for (const node of nodes)
    if (node.x === null) warnings.push(issue('nodeWithoutCoordinates', null, { node: node.id }));
  for (const link of links) {
    const missing = [link.from, link.to].find((id) => nodeIndex.get(id)?.x === null);
    if (missing !== undefined) warnings.push(issue('linkWithoutCoordinates', null, { link: link.id, node: missing }));
  }

  // In file order, whatever section found them, so a user reads them top to bottom.
  const byLine = (a: InpIssue, b: InpIssue) => (a.line ?? 0) - (b.line ?? 0);
  errors.sort(byLine);
  warnings.sort(byLine);
  const fatal: InpIssue[] = [];
  if (!seen.has('PIPES') || !links.some((l) => l.kind === 'pipe')) fatal.push(issue('noPipes', null));
  if (!seen.has('COORDINATES') || !nodes.some((n) => n.x !== null)) fatal.push(issue('noCoordinates', null));
  if (fatal.length > 0) return { ok: false, network: null, errors: [...fatal, ...errors], warnings };

  const network: InpNetwork = { title, units, unitSystem, headloss, nodes, links };
  return errors.length === 0 ? { ok: true, network, errors, warnings } : { ok: false, network, errors, warnings };
};
