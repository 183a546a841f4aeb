// Reads an inlet-flow file line by line (pure: lines in, samples per meter out). The format is sniffed from the
// first lines (shared inletFlowCsv.ts); samples go to compact per-meter columns, never to an object per line, so a
// year of 5-minute data for several meters fits. A bad line is reported with its 1-based number and skipped (the
// first MAX_FAILURES kept, all counted); the file as a whole is refused when it cannot be read as a flow file, is
// too large, or its interval (the median spacing of a meter's samples) is outside 1–60 minutes.
import {
  INLET_FLOW_MAX_LINES,
  INLET_FLOW_MAX_VALUES,
  INLET_FLOW_SNIFF_LINES,
  INLET_FLOW_UNIT_FACTOR,
  type InletFlowLayout,
  type InletFlowProblem,
  type InletFlowSniff,
  type InletFlowUnit,
  parseFlowNumber,
  parseFlowTime,
  sniffInletFlow,
  splitCells,
  zonedClock,
} from '@waterops/shared/dma';
import type { MessageKey } from '@waterops/shared/i18n';

export const INLET_FLOW_TEMPLATE = 'time,flow,meterCode\n2026-01-01 00:15,12.5,\n2026-01-01 00:30,12.1,\n';
/** the failed lines kept with their reason; the rest are counted */
export const MAX_FAILURES = 50;

export type InletFlowFailure = { line: number; key: MessageKey; params: Record<string, string> };

/** Where a file's flows go: meter ids from a wide file's headers, a long file's meter codes, or a fallback. */
export type InletFlowTargets = {
  /** a wide file's column → meter id, null to skip it, undefined when unmapped (the file is refused) */
  column: (header: string) => number | null | undefined;
  /** a long file's meter code (null: the line has none) → meter id, undefined when unknown */
  code: (code: string | null) => number | undefined;
  /** the problem when a line without a code has no meter to go to */
  noMeter: InletFlowProblem;
};

export type InletFlowOptions = { zone: string; unit: InletFlowUnit; targets: InletFlowTargets };

/** One meter's samples: instants (ms) and flows (m³/h) with their line, growing by doubling. */
export class SampleColumn {
  n = 0;
  at = new Float64Array(1024);
  flow = new Float64Array(1024);
  line = new Int32Array(1024);

  push(at: number, flow: number, line: number) {
    if (this.n === this.at.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T): T => {
        const b = new (a.constructor as new (n: number) => T)(a.length * 2);
        b.set(a);
        return b;
      };
      this.at = grow(this.at);
      this.flow = grow(this.flow);
      this.line = grow(this.line);
    }
    this.at[this.n] = at;
    this.flow[this.n] = flow;
    this.line[this.n] = line;
    this.n++;
  }

  /** Sorts by time (stable by line) and drops repeated instants, returning the lines dropped. */
  settle(): { line: number; at: number }[] {
    let sorted = true;
    for (let i = 1; i < this.n && sorted; i++) if ((this.at[i] as number) < (this.at[i - 1] as number)) sorted = false;
    if (!sorted) {
      const order = Array.from({ length: this.n }, (_, i) => i).sort(
        (x, y) =>
          (this.at[x] as number) - (this.at[y] as number) || (this.line[x] as number) - (this.line[y] as number),
      );
      const [at, flow, line] = [this.at, this.flow, this.line];
      this.at = Float64Array.from(order, (i) => at[i] as number);
      this.flow = Float64Array.from(order, (i) => flow[i] as number);
      this.line = Int32Array.from(order, (i) => line[i] as number);
    }
    const dropped: { line: number; at: number }[] = [];
    let k = 0;
    for (let i = 0; i < this.n; i++) {
      if (k > 0 && this.at[i] === this.at[k - 1]) {
        dropped.push({ line: this.line[i] as number, at: this.at[i] as number });
        continue;
      }
      this.at[k] = this.at[i] as number;
      this.flow[k] = this.flow[i] as number;
      this.line[k] = this.line[i] as number;
      k++;
    }
    this.n = k;
    return dropped;
  }

  /** The median spacing, minutes (unrounded); null with fewer than two samples. Needs settle() first. */
  medianGapMinutes(): number | null {
    if (this.n < 2) return null;
    const gaps = new Float64Array(this.n - 1);
    for (let i = 1; i < this.n; i++) gaps[i - 1] = ((this.at[i] as number) - (this.at[i - 1] as number)) / 60_000;
    gaps.sort();
    return gaps[Math.floor(gaps.length / 2)] as number;
  }
}

export type InletFlowParse =
  | {
      ok: true;
      layout: InletFlowLayout;
      meters: Map<number, SampleColumn>;
      failed: InletFlowFailure[];
      failedCount: number;
      intervalMinutes: number | null;
    }
  | ({ ok: false } & InletFlowProblem);

const refuse = (p: InletFlowProblem): InletFlowParse => ({ ok: false, ...p });
const clip = (s: string) => s.slice(0, 40);

/** Reads the lines of a file (as they come from the upload) into samples per meter. */
export const readInletFlow = async (
  lines: AsyncIterable<string> | Iterable<string>,
  { zone, unit, targets }: InletFlowOptions,
): Promise<InletFlowParse> => {
  const clock = zonedClock(zone);
  const factor = INLET_FLOW_UNIT_FACTOR[unit];
  const duplicateFormat = new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  const meters = new Map<number, SampleColumn>();
  const failed: InletFlowFailure[] = [];
  let failedCount = 0;
  let values = 0;
  let previous: number | undefined;
  const fail = (line: number, key: MessageKey, params: Record<string, string> = {}) => {
    failedCount++;
    if (failed.length < MAX_FAILURES) failed.push({ line, key, params });
  };
  const columnOf = (meterId: number) => {
    let c = meters.get(meterId);
    if (!c) {
      c = new SampleColumn();
      meters.set(meterId, c);
    }
    return c;
  };

  let sniff: InletFlowSniff | null = null;
  /** wide: the meter column per cell index (null: skipped) */
  const wideTargets: { index: number; header: string; meterId: number }[] = [];
  let width = 0;

  /** The instant of a line's time cell, or a failure recorded (null). */
  const timeOf = (line: number, text: string): number | null => {
    const at = parseFlowTime(text, clock, previous);
    if (at === null) fail(line, 'dmaAnalysis.import.badTime', { value: clip(text) });
    else if (at === 'gap') fail(line, 'dmaAnalysis.import.noSuchTime', { value: clip(text), zone });
    else {
      previous = at;
      return at;
    }
    return null;
  };

  const decide = (s: InletFlowSniff): InletFlowProblem | null => {
    sniff = s;
    width = s.header?.length ?? 0;
    if (s.layout === 'long') return null;
    const seen = new Map<number, string>();
    for (const c of s.columns) {
      const id = targets.column(c.header);
      if (id === undefined) return { key: 'dmaAnalysis.import.unmappedColumn', params: { column: c.header } };
      if (id === null) continue;
      const other = seen.get(id);
      if (other !== undefined) return { key: 'dmaAnalysis.import.columnTwice', params: { column: c.header, other } };
      seen.set(id, c.header);
      wideTargets.push({ index: c.index, header: c.header, meterId: id });
    }
    if (wideTargets.length === 0) return { key: 'dmaAnalysis.import.noColumns', params: {} };
    return null;
  };

  const take = (line: number, text: string): InletFlowProblem | null => {
    const s = sniff as unknown as InletFlowSniff;
    if (s.header && line === headerLine) return null;
    const cells = splitCells(text, s.separator);
    if (s.layout === 'long') {
      if (cells.length < 2 || cells.length > 3) {
        fail(line, 'dmaAnalysis.import.badColumns');
        return null;
      }
      const at = timeOf(line, cells[0] as string);
      if (at === null) return null;
      const flowText = cells[1] as string;
      const flow = parseFlowNumber(flowText);
      if (!Number.isFinite(flow) || flow < 0) {
        fail(line, 'dmaAnalysis.import.badFlow', { value: clip(flowText) });
        return null;
      }
      const code = cells[2] ? cells[2] : null;
      const meterId = targets.code(code);
      if (meterId === undefined) {
        if (code === null) return targets.noMeter;
        // `12,5` in a comma file splits into a flow of 12 and a "meter" 5
        if (s.separator === ',' && /^\d+$/.test(code)) {
          fail(line, 'dmaAnalysis.import.decimalComma', { line: String(line) });
          return null;
        }
        fail(line, 'dmaAnalysis.import.noMeter', { code: clip(code) });
        return null;
      }
      if (++values > INLET_FLOW_MAX_VALUES) return tooLarge;
      columnOf(meterId).push(at, flow * factor, line);
      return null;
    }
    // a trailing separator (Excel's habit) adds empty cells: not a wrong line
    while (cells.length > width && cells[cells.length - 1] === '') cells.pop();
    if (cells.length !== width) {
      fail(line, 'dmaAnalysis.import.badColumnCount', { expected: String(width), count: String(cells.length) });
      return null;
    }
    const at = timeOf(line, cells[s.timeIndex] as string);
    if (at === null) return null;
    for (const c of wideTargets) {
      const flowText = cells[c.index] as string;
      if (flowText === '') {
        fail(line, 'dmaAnalysis.import.missingFlow', { column: clip(c.header) });
        continue;
      }
      const flow = parseFlowNumber(flowText);
      if (!Number.isFinite(flow) || flow < 0) {
        fail(line, 'dmaAnalysis.import.badFlowIn', { column: clip(c.header), value: clip(flowText) });
        continue;
      }
      if (++values > INLET_FLOW_MAX_VALUES) return tooLarge;
      columnOf(c.meterId).push(at, flow * factor, line);
    }
    return null;
  };

  const tooLarge: InletFlowProblem = { key: 'dmaAnalysis.import.tooLarge', params: {} };
  const head: { line: number; text: string }[] = [];
  let headerLine = 0;
  /** Decides the format from the head, then reads the head's lines. */
  const start = (): InletFlowProblem | null => {
    const found = sniffInletFlow(head);
    if (!found.ok) return found.problem;
    if (found.sniff.header) headerLine = (head[0] as { line: number }).line;
    const wrong = decide(found.sniff);
    if (wrong) return wrong;
    for (const h of head) {
      const p = take(h.line, h.text);
      if (p) return p;
    }
    return null;
  };
  let lineNo = 0;
  for await (const raw of lines) {
    lineNo++;
    if (lineNo > INLET_FLOW_MAX_LINES) return refuse(tooLarge);
    const text = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') continue;
    if (sniff) {
      const p = take(lineNo, text);
      if (p) return refuse(p);
      continue;
    }
    head.push({ line: lineNo, text });
    if (head.length < INLET_FLOW_SNIFF_LINES) continue;
    const p = start();
    if (p) return refuse(p);
  }
  if (!sniff) {
    // a short file: everything was in the head
    const p = start();
    if (p) return refuse(p);
  }

  // repeated instants per meter, merged with the line failures in line order
  const duplicates: InletFlowFailure[] = [];
  for (const c of meters.values())
    for (const d of c.settle()) {
      failedCount++;
      duplicates.push({
        line: d.line,
        key: 'dmaAnalysis.import.duplicate',
        params: { value: duplicateFormat.format(new Date(d.at)) },
      });
    }
  duplicates.sort((a, b) => a.line - b.line);
  const shown = [...failed, ...duplicates.slice(0, MAX_FAILURES)]
    .sort((a, b) => a.line - b.line)
    .slice(0, MAX_FAILURES);

  let stored = 0;
  for (const c of meters.values()) stored += c.n;
  if (stored === 0) {
    const firstBad = shown[0];
    if (!firstBad) return refuse({ key: 'dmaAnalysis.import.empty', params: {} });
    return refuse({
      key: 'dmaAnalysis.import.nothingRead',
      params: { count: String(failedCount), line: String(firstBad.line), reasonKey: firstBad.key, ...firstBad.params },
    });
  }
  let interval: number | null = null;
  for (const c of meters.values()) {
    const gap = c.medianGapMinutes();
    if (gap === null) continue;
    if (gap < 1 || gap > 60)
      return refuse({
        key: 'dmaAnalysis.import.badInterval',
        params: { minutes: String(Math.round(gap * 100) / 100) },
      });
    interval = Math.max(interval ?? 0, Math.round(gap));
  }
  return {
    ok: true,
    layout: (sniff as unknown as InletFlowSniff).layout,
    meters,
    failed: shown,
    failedCount,
    intervalMinutes: interval,
  };
};

/** The lines of a whole text (tests, small files). */
export const textLines = (content: string): string[] => content.split(/\r?\n/);
