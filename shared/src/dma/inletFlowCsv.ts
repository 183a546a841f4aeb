// The inlet-flow file as engineers have it (pure, shared by the gateway's reader and the web dialog's preview):
// the separator (`,` `;` or tab), decimal commas, the layout — long (`time,flow[,meterCode]`) or wide (a time
// column, then one column per meter, as SCADA exports write it) — times in a chosen IANA zone, flows in m³/h or L/s.
import type { MessageKey } from '../i18n/messages.ts';

export const INLET_FLOW_MAX_BYTES = 64 * 1024 * 1024;
export const INLET_FLOW_MAX_LINES = 1_000_000;
/** flow values in one file (lines × meter columns): bounds the memory an import holds before it is stored */
export const INLET_FLOW_MAX_VALUES = 3_000_000;
export const INLET_FLOW_DEFAULT_ZONE = 'Asia/Shanghai';
/** the zones the dialog offers; the API takes any IANA zone */
export const INLET_FLOW_ZONES = ['Asia/Shanghai', 'UTC', 'Europe/Athens', 'Europe/Nicosia'] as const;
export const INLET_FLOW_UNITS = ['m3h', 'ls'] as const;
export type InletFlowUnit = (typeof INLET_FLOW_UNITS)[number];
/** to m³/h, the unit stored */
export const INLET_FLOW_UNIT_FACTOR: Record<InletFlowUnit, number> = { m3h: 1, ls: 3.6 };
/** the lines the dialog reads for its preview and the reader looks at before deciding the layout */
export const INLET_FLOW_SNIFF_LINES = 20;

/**
 * The encodings a CSV arrives in: UTF-8 (with or without a BOM), or GB18030 (GBK's superset), in which Excel and SCADA
 * systems on Chinese Windows save "CSV" — read as UTF-8 its Chinese headers would be garbage, not a message.
 */
export type CsvEncoding = 'utf-8' | 'gb18030';
/** How many leading bytes judge a file's encoding. */
export const CSV_ENCODING_SAMPLE_BYTES = 64 * 1024;
/** UTF-8 when the sample is valid UTF-8 (a character cut at its end aside), else GB18030. */
export const detectCsvEncoding = (sample: Uint8Array): CsvEncoding => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return 'gb18030';
  }
};

export type CsvSeparator = ',' | ';' | '\t';
export type InletFlowLayout = 'long' | 'wide';
export type InletFlowProblem = { key: MessageKey; params: Record<string, string> };

const problem = (key: MessageKey, params: Record<string, string> = {}): InletFlowProblem => ({ key, params });

/** How a separator is named in messages (a tab is invisible). */
export const separatorName = (s: CsvSeparator): string => (s === '\t' ? 'Tab' : s);

/**
 * The separator of a file from its first line: `;` or tab when the line has them (a decimal comma then is no
 * separator), else `,`.
 */
export const detectSeparator = (line: string): CsvSeparator => {
  let tabs = 0;
  let semis = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 9) tabs++;
    else if (c === 59) semis++;
  }
  if (tabs === 0 && semis === 0) return ',';
  return tabs >= semis ? '\t' : ';';
};

const unquote = (c: string): string => {
  const t = c.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"').trim() : t;
};

/** The cells of a line; double quotes may hold a separator (`"75,13"` in a comma file). */
export const splitCells = (line: string, sep: CsvSeparator): string[] => {
  if (!line.includes('"')) return line.split(sep).map((c) => c.trim());
  const cells: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === sep && !quoted) {
      cells.push(unquote(line.slice(start, i)));
      start = i + 1;
    }
  }
  cells.push(unquote(line.slice(start)));
  return cells;
};

const DECIMAL_COMMA = /^[+-]?\d+,\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A flow as written: a decimal point or a decimal comma (`75,13`); NaN when it is no number. */
export const parseFlowNumber = (text: string): number => {
  const t = DECIMAL_COMMA.test(text) ? text.replace(',', '.') : text;
  return NUMBER.test(t) ? Number(t) : Number.NaN;
};

/** Whether the runtime knows an IANA zone. */
export const isTimeZone = (zone: string): boolean => {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

const QUARTER_HOUR = 900_000;
const DAY = 86_400_000;

/**
 * Wall time → instant in a zone, with the offsets the zone really had (daylight saving included). Offsets are
 * looked up once per UTC quarter hour (every real transition falls on one) and cached, so a year of 5-minute lines
 * costs a few thousand Intl calls. A wall time skipped by a clock change is `'gap'`; one that happens twice is the
 * first unless the previous line was already at or past it (a file in local time runs through the repeated hour).
 */
export const zonedClock = (zone: string) => {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const cache = new Map<number, number>();
  const offset = (utc: number): number => {
    const bucket = Math.floor(utc / QUARTER_HOUR) * QUARTER_HOUR;
    const hit = cache.get(bucket);
    if (hit !== undefined) return hit;
    const p: Record<string, number> = {};
    for (const part of fmt.formatToParts(new Date(bucket)))
      if (part.type !== 'literal') p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
    cache.set(bucket, wall - bucket);
    return wall - bucket;
  };
  return {
    offset,
    /** the instant of a wall time given as UTC-style milliseconds */
    toInstant: (wall: number, previous?: number): number | 'gap' => {
      const a = wall - offset(wall - DAY);
      const b = wall - offset(wall + DAY);
      const okA = wall - offset(a) === a;
      const okB = a !== b && wall - offset(b) === b;
      if (okA && okB) {
        const [early, late] = a < b ? [a, b] : [b, a];
        return previous !== undefined && early <= previous ? late : early;
      }
      if (okA) return a;
      if (okB) return b;
      return 'gap';
    },
  };
};
export type ZonedClock = ReturnType<typeof zonedClock>;

const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const YMD = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const DMY = /^(\d{1,2})\.(\d{1,2})\.(\d{4}) (\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/** A wall time as UTC-style milliseconds (`YYYY-MM-DD HH:mm[:ss]`, also `/` or `T`; `DD.MM.YYYY HH:mm`), or null. */
export const parseWallTime = (text: string): number | null => {
  let y: number;
  let mo: number;
  let d: number;
  let m = YMD.exec(text);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else {
    m = DMY.exec(text);
    if (!m) return null;
    [y, mo, d] = [Number(m[3]), Number(m[2]), Number(m[1])];
  }
  const [h, mi, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? '0')];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 59 || (h === 24 && (mi > 0 || s > 0)))
    return null;
  // 2026-02-30 rolls over in Date.UTC: refuse it instead of importing it on March 2nd
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return Date.UTC(y, mo - 1, d, h, mi, s);
};

/** An instant from a cell: ISO with an offset or Z as given, else a wall time in the clock's zone. */
export const parseFlowTime = (text: string, clock: ZonedClock, previous?: number): number | 'gap' | null => {
  if (ISO_ZONED.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? null : ms;
  }
  const wall = parseWallTime(text);
  return wall === null ? null : clock.toInstant(wall, previous);
};

const looksLikeTime = (text: string): boolean => ISO_ZONED.test(text) || parseWallTime(text) !== null;
const FLOW_HEADER = /^(flow|value|q)\b|^(流量|瞬时流量|数值|值)/i;
const CODE_HEADER = /^(meter|code|id|表号|水表|编号)/i;

export type InletFlowSniff = {
  separator: CsvSeparator;
  layout: InletFlowLayout;
  /** the header's cells; null when the file starts with data */
  header: string[] | null;
  /** the column holding the time */
  timeIndex: number;
  /** wide layout: the flow columns with their header */
  columns: { index: number; header: string }[];
  /** the first data lines, split: what the dialog previews */
  preview: { line: number; cells: string[] }[];
};

/**
 * The format of a file from its first non-empty lines (1-based numbers): separator, header, time column, layout.
 * A problem names what is wrong: one column (wrong separator), no time, a comma file whose numbers have decimal
 * commas, several flow columns with no header.
 */
export const sniffInletFlow = (
  lines: { line: number; text: string }[],
): { ok: true; sniff: InletFlowSniff } | { ok: false; problem: InletFlowProblem } => {
  const first = lines[0];
  if (!first) return { ok: false, problem: problem('dmaAnalysis.import.empty') };
  const separator = detectSeparator(first.text);
  const firstCells = splitCells(first.text, separator);
  const header = firstCells.some(looksLikeTime) ? null : firstCells;
  const data = (header ? lines.slice(1) : lines).map((l) => ({ line: l.line, cells: splitCells(l.text, separator) }));
  const sample = data[0];
  if (!sample) return { ok: false, problem: problem('dmaAnalysis.import.empty') };
  if (sample.cells.length < 2)
    return { ok: false, problem: problem('dmaAnalysis.import.wrongSeparator', { line: String(sample.line) }) };
  const timeIndex = sample.cells.findIndex(looksLikeTime);
  if (timeIndex < 0)
    return {
      ok: false,
      problem: problem('dmaAnalysis.import.noTimeColumn', {
        line: String(sample.line),
        separator: separatorName(separator),
        value: sample.cells.slice(0, 3).join(' | ').slice(0, 60),
      }),
    };
  const width = header?.length ?? 3;
  /** the cells less trailing empty ones (a trailing separator is no extra column) */
  const filled = (cells: string[]) => {
    let n = cells.length;
    while (n > 0 && cells[n - 1] === '') n--;
    return n;
  };
  const longer = data.filter((d) => filled(d.cells) > width);
  if (separator === ',' && longer.length * 2 > data.length)
    return {
      ok: false,
      problem: problem('dmaAnalysis.import.decimalComma', { line: String((longer[0] as (typeof data)[0]).line) }),
    };
  const preview = data.slice(0, 5);
  if (!header) {
    if (sample.cells.length > 3)
      return { ok: false, problem: problem('dmaAnalysis.import.noHeader', { line: String(sample.line) }) };
    return { ok: true, sniff: { separator, layout: 'long', header, timeIndex, columns: [], preview } };
  }
  const long =
    timeIndex === 0 &&
    (header.length === 2 || header.length === 3) &&
    FLOW_HEADER.test(header[1] ?? '') &&
    (header.length === 2 || CODE_HEADER.test(header[2] ?? ''));
  const columns = long
    ? []
    : header.map((h, index) => ({ index, header: h })).filter((c) => c.index !== timeIndex && c.header !== '');
  return { ok: true, sniff: { separator, layout: long ? 'long' : 'wide', header, timeIndex, columns, preview } };
};

/** The first non-empty lines of a text (the dialog's slice of a file: a cut last line is dropped unless whole). */
export const headLines = (text: string, whole: boolean, count = INLET_FLOW_SNIFF_LINES) => {
  const raw = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (!whole) raw.pop();
  const out: { line: number; text: string }[] = [];
  for (let i = 0; i < raw.length && out.length < count; i++) {
    const t = raw[i] as string;
    if (t.trim() !== '') out.push({ line: i + 1, text: t });
  }
  return out;
};
