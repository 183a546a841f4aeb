// The pure half the benchmarks share: percentiles of measured times, rounding, the side-by-side tables they print and
// the reduction of an EXPLAIN ANALYZE to its scans. No database, no app: unit-tested in tests/integration/benchStats.
import { availableParallelism, loadavg } from 'node:os';

/** The nearest-rank percentile (p in 0–100) of ascending numbers; NaN when there are none. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** Milliseconds to one decimal: finer digits are noise on a shared machine. */
export const round = (ms: number): number => Math.round(ms * 10) / 10;

/** p50 and p95 of measured times in ms (any order), rounded. */
export const spread = (times: readonly number[]): { p50Ms: number; p95Ms: number } => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)) };
};

/** Rows per second, whole; 0 when no time was measured (nothing to divide by). */
export const throughput = (rows: number, ms: number): number => (ms > 0 ? Math.round((rows * 1000) / ms) : 0);

/** The lines of a table: first column left-aligned, the others right-aligned (figures), a rule under the header. */
export const formatTable = (header: readonly string[], lines: readonly (readonly string[])[]): string[] => {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const fmt = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)];
};

export const printTable = (header: readonly string[], lines: readonly (readonly string[])[]): void => {
  for (const line of formatTable(header, lines)) console.log(line);
};

export type PlanSummary = { query: string; executionMs: number; scans: string[]; plan: string[] };

/** An EXPLAIN ANALYZE reduced to its scans (which index, if any) and sorts, and the execution time. */
export const summarizePlan = (query: string, plan: string[]): PlanSummary => {
  const time = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find(Boolean);
  const scans = plan
    .map((l) => l.trim().replace(/^->\s*/, ''))
    .filter((l) => /Scan|Sort Method/.test(l))
    .map((l) => l.replace(/\s+\(cost=.*$/, '').replace(/\s+\(actual.*$/, ''));
  return { query, executionMs: Number(time ?? Number.NaN), scans, plan };
};

/** The load averages (1, 5, 15 min) and cores when a run starts: figures from a busy machine read differently. */
export const machineLoad = (): { loadAverage: number[]; cores: number } => ({
  loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
  cores: availableParallelism(),
});
