// The leak benchmark's second set: many quick district-years drawn without hydraulics, so the detector is not tuned
// to two networks' noise. Each year is a nightline per day of a district of 60 m³/h at night: a seasonal swing of
// ±10 %, weekend nights 3–13 % higher, a day-to-day level with some memory and noise of 1.2–3.7 % in all (the range of
// real DMA nightlines, quieter than the EPANET years), 1 % of the nights missing, and 18–25 leaks of 1–30 % of the
// night flow (log-uniform), half abrupt and half growing over 7–90 days, 60 % repaired 10–120 days after their peak.
// The true leaks are in the EPANET scenario's form, so score.ts scores both alike.
import { addDays } from '@waterops/shared/reading';
import type { NightlinePoint } from '../../../gateway/src/services/dma/nightFlow/nightlineDetection.ts';
import { generator, normal } from './random.ts';
import type { TrueLeak } from './scenario.ts';

export const SYNTHETIC_NIGHT_FLOW = 60;

export type SyntheticYear = { seed: number; noise: number; leaks: TrueLeak[]; points: NightlinePoint[] };

const DAY_MS = 86_400_000;
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

/** One synthetic district-year from `from`, `days` long. */
export const syntheticYear = (seed: number, from: string, days: number): SyntheticYear => {
  const r = generator(seed * 7919 + 13);
  const g = () => normal(r);
  const n = SYNTHETIC_NIGHT_FLOW;
  const noise = 0.012 + 0.025 * r();
  const weekendBoost = 0.03 + 0.1 * r();
  const leaks: TrueLeak[] = [];
  const count = 18 + Math.floor(8 * r());
  for (let k = 0; k < count; k++) {
    const size = Math.exp(Math.log(0.01) + (Math.log(0.3) - Math.log(0.01)) * r());
    const abrupt = r() < 0.5;
    const ramp = abrupt ? 0 : 7 + Math.floor(83 * r());
    const start = 30 + Math.floor((days - 35) * r());
    const peak = start + ramp;
    const end = r() < 0.6 ? peak + 10 + Math.floor(110 * r()) : null;
    const day = (i: number) => addDays(from, i);
    leaks.push({
      id: `S${seed}-${k + 1}`,
      node: '',
      type: abrupt ? 'abrupt' : 'incipient',
      size,
      plannedSize: size,
      flow: size * n,
      startAt: day(start),
      startDay: day(start),
      peakAt: day(peak),
      peakDay: day(peak),
      // the first night carrying half its flow (a ramp of `ramp` nights carries k/ramp of it on its k-th)
      halfPeakDay: abrupt ? day(start) : day(start + Math.ceil(ramp / 2) - 1),
      endAt: end !== null && end < days ? day(end) : null,
      endDay: end !== null && end < days ? day(end) : null,
    });
  }
  const points: NightlinePoint[] = [];
  let level = 0;
  for (let i = 0; i < days; i++) {
    const d = addDays(from, i);
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    const season = 1 + 0.1 * Math.sin((2 * Math.PI * (i - 100)) / 365);
    level = 0.5 * level + noise * 0.6 * g();
    let leak = 0;
    for (const l of leaks) {
      if (d < l.startDay || (l.endDay !== null && d >= l.endDay)) continue;
      const ramp = Math.max(1, daysBetween(l.startDay, l.peakDay));
      leak += l.flow * (l.type === 'abrupt' ? 1 : Math.min(1, (daysBetween(l.startDay, d) + 1) / ramp));
    }
    const weekend = weekday === 0 || weekday === 6 ? 1 + weekendBoost : 1;
    const value = n * season * weekend * (1 + level + noise * 0.8 * g()) + leak;
    points.push({ day: d, value: r() < 0.01 ? null : value });
  }
  return { seed, noise, leaks, points };
};
