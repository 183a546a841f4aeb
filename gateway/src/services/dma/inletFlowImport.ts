// The inlet-flow CSV (pure): lines `time,flow[,meterCode]`, flow in m³/h, a header line allowed. Times are ISO 8601
// (an offset or Z as given; none: China time) or `YYYY-MM-DD HH:mm[:ss]` (also with '/') in China time. A bad line
// is reported with its 1-based number and a message key and skipped; the file as a whole is refused when it is too
// long or its interval (the median spacing of one meter's samples) is outside 1–60 minutes — the analysis would
// misread it.
import type { MessageKey } from '@waterops/shared/i18n';

export const INLET_FLOW_MAX_BYTES = 20 * 1024 * 1024;
export const INLET_FLOW_MAX_LINES = 200_000;
export const INLET_FLOW_TEMPLATE = 'time,flow,meterCode\n2026-01-01 00:15,12.5,\n2026-01-01 00:30,12.1,\n';

export type InletFlowLine = { line: number; at: Date; flow: number; meterCode: string | null };
export type InletFlowFailure = { line: number; key: MessageKey; params: Record<string, string> };
export type InletFlowParse =
  | { ok: true; rows: InletFlowLine[]; failed: InletFlowFailure[]; intervalMinutes: number | null }
  | { ok: false; key: MessageKey; params: Record<string, string> };

const LOCAL = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;
const ISO_ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A time as the file writes it, or null. */
export const parseFlowTime = (text: string): Date | null => {
  const t = text.trim();
  if (ISO_ZONED.test(t)) {
    const ms = Date.parse(t);
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  const m = LOCAL.exec(t);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 24 || mi > 59 || s > 59 || (h === 24 && (mi > 0 || s > 0)))
    return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s) - 8 * 3_600_000;
  // 2026-02-30 rolls over in Date.UTC: refuse it instead of importing it on March 2nd
  if (new Date(Date.UTC(y, mo - 1, d)).getUTCDate() !== d) return null;
  return new Date(ms);
};

/** The median spacing of sorted instants, minutes (unrounded); null with fewer than two. */
const medianGapMinutes = (times: number[]): number | null => {
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push(((times[i] as number) - (times[i - 1] as number)) / 60_000);
  if (gaps.length === 0) return null;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] as number;
};

const splitCsv = (line: string): string[] =>
  line.split(',').map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );

export const parseInletFlowCsv = (content: string): InletFlowParse => {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines[lines.length - 1]?.trim() === '') lines.pop();
  if (lines.length > INLET_FLOW_MAX_LINES + 1) return { ok: false, key: 'dmaAnalysis.import.tooLarge', params: {} };
  const rows: InletFlowLine[] = [];
  const failed: InletFlowFailure[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const cells = splitCsv(raw);
    const [time = '', flowText = '', code = ''] = cells;
    // a header: the first line whose time is not a time but words
    if (i === 0 && parseFlowTime(time) === null && /[a-z\u4e00-\u9fff]/i.test(time)) return;
    if (cells.length < 2 || cells.length > 3) {
      failed.push({ line, key: 'dmaAnalysis.import.badColumns', params: {} });
      return;
    }
    const at = parseFlowTime(time);
    if (!at) {
      failed.push({ line, key: 'dmaAnalysis.import.badTime', params: { value: time.slice(0, 40) } });
      return;
    }
    const flow = flowText === '' ? Number.NaN : Number(flowText);
    if (!Number.isFinite(flow) || flow < 0) {
      failed.push({ line, key: 'dmaAnalysis.import.badFlow', params: { value: flowText.slice(0, 40) } });
      return;
    }
    const meterCode = code === '' ? null : code;
    const k = `${meterCode ?? ''}|${at.getTime()}`;
    if (seen.has(k)) {
      failed.push({ line, key: 'dmaAnalysis.import.duplicate', params: { value: time.slice(0, 40) } });
      return;
    }
    seen.add(k);
    rows.push({ line, at, flow, meterCode });
  });
  if (rows.length === 0) return { ok: false, key: 'dmaAnalysis.import.empty', params: {} };
  // the interval per meter; the file's is the coarsest
  const byMeter = new Map<string, number[]>();
  for (const r of rows) {
    const list = byMeter.get(r.meterCode ?? '');
    if (list) list.push(r.at.getTime());
    else byMeter.set(r.meterCode ?? '', [r.at.getTime()]);
  }
  let interval: number | null = null;
  for (const times of byMeter.values()) {
    const gap = medianGapMinutes(times.sort((a, b) => a - b));
    if (gap === null) continue;
    if (gap < 1 || gap > 60)
      return {
        ok: false,
        key: 'dmaAnalysis.import.badInterval',
        params: { minutes: String(Math.round(gap * 100) / 100) },
      };
    interval = Math.max(interval ?? 0, Math.round(gap));
  }
  return { ok: true, rows, failed, intervalMinutes: interval };
};
