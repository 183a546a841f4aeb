// The totals under a meter's daily series: validated and raw use over the window and how its days came about
// (actual, estimated, substituted, not computed). Pure, so the rounding and the missing-day count are tested alone.
import type { DayTotals } from '@waterops/shared/reading';
import { daySpan } from '@waterops/shared/reading';

type TotalledDay = { consumption: number | null; rawConsumption: number | null; quality: string; reads: number };

/** Thousandths of a m³ (the register's resolution): sums of many days do not collect float noise. */
const round3 = (v: number): number => Math.round(v * 1000) / 1000;

export const dayTotals = (days: readonly TotalledDay[], from: string, to: string): DayTotals => {
  let consumption = 0;
  let rawConsumption = 0;
  let reads = 0;
  const quality = { A: 0, E: 0, S: 0 } as Record<string, number>;
  for (const d of days) {
    consumption += d.consumption ?? 0;
    rawConsumption += d.rawConsumption ?? 0;
    reads += d.reads;
    quality[d.quality] = (quality[d.quality] ?? 0) + 1;
  }
  return {
    consumption: round3(consumption),
    rawConsumption: round3(rawConsumption),
    actualDays: quality.A ?? 0,
    estimatedDays: quality.E ?? 0,
    substitutedDays: quality.S ?? 0,
    missingDays: Math.max(0, daySpan(from, to) - days.length),
    reads,
  };
};
