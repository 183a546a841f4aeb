// One district's nightline rows for a run of China days (pure): its inlet and outlet meters' flow combined on one
// grid (inlets − outlets), then per day the nightline, the legitimate night use and the night leakage, and the day's
// mean flow. What the job stores in district_nightlines and the curves route draws.
import { addDays, dayStart } from '@waterops/shared/reading';
import { combineSeries, type FlowSample, inferIntervalMinutes, type MeterSeries, nightline } from './nightline.ts';

const DAY_MS = 86_400_000;

export type DistrictNightline = {
  day: string;
  nightline: number | null;
  minAt: Date | null;
  points: number;
  expected: number;
  legitimate: number | null;
  leakage: number | null;
  meanFlow: number | null;
};

/**
 * The grid interval for the district: the coarsest of its meters' own intervals (a 5-minute inlet and a 15-minute
 * outlet only combine on 15 minutes); null when no meter has two samples.
 */
export const districtInterval = (meters: readonly MeterSeries[]): number | null => {
  let out: number | null = null;
  for (const m of meters) {
    const own = inferIntervalMinutes(m.samples.map((s) => s.at.getTime()).sort((a, b) => a - b));
    if (own !== null) out = out === null ? own : Math.max(out, own);
  }
  return out;
};

/** The district's flow (m³/h) over China days from..to on its grid; [] without data. */
export const districtFlow = (
  meters: readonly MeterSeries[],
  from: string,
  to: string,
): { intervalMinutes: number | null; samples: FlowSample[] } => {
  const intervalMinutes = districtInterval(meters);
  if (intervalMinutes === null || !meters.some((m) => m.sign === 1)) return { intervalMinutes, samples: [] };
  return {
    intervalMinutes,
    samples: combineSeries(meters, dayStart(from), dayStart(addDays(to)), intervalMinutes),
  };
};

/**
 * A nightline row per day from..to. `legitimate` is the district's legitimate night use, m³/h (connections × the
 * per-connection rate); leakage is max(0, nightline − legitimate), null without a nightline.
 */
export const districtNightlines = (
  meters: readonly MeterSeries[],
  from: string,
  to: string,
  legitimate: number | null,
): { intervalMinutes: number | null; rows: DistrictNightline[]; samples: FlowSample[] } => {
  const { intervalMinutes, samples } = districtFlow(meters, from, to);
  const start = dayStart(from).getTime();
  const byDay = new Map<number, FlowSample[]>();
  for (const s of samples) {
    const k = Math.floor((s.at.getTime() - 1 - start) / DAY_MS);
    const list = byDay.get(k);
    if (list) list.push(s);
    else byDay.set(k, [s]);
  }
  const rows: DistrictNightline[] = [];
  for (let day = from, k = 0; day <= to; day = addDays(day), k++) {
    const own = byDay.get(k) ?? [];
    const r = nightline(day, own, { intervalMinutes });
    const meanFlow = own.length ? own.reduce((s, x) => s + x.flow, 0) / own.length : null;
    if (r.kind === 'nightline') {
      rows.push({
        day,
        nightline: r.value,
        minAt: r.at,
        points: r.points,
        expected: r.expected,
        legitimate,
        leakage: legitimate === null ? null : Math.max(0, r.value - legitimate),
        meanFlow,
      });
    } else {
      rows.push({
        day,
        nightline: null,
        minAt: null,
        points: r.points,
        expected: r.expected,
        legitimate,
        leakage: null,
        meanFlow,
      });
    }
  }
  return { intervalMinutes, rows, samples };
};
