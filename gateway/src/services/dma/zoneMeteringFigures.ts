// The water-balance figures of a district and month (pure): supplied from the day-end registers of its inlet and
// outlet meters, and the input computeWaterBalance takes.
//
// Supplied uses register differences, not reading_days: a district meter's register is what the utility trusts for
// the inflow (reading_days' validation may estimate or substitute days, which is right for billing members, not for
// the measured input), and it needs no revalidation run first. The month is the difference between the day-end
// register of the day before the month and that of its last day; a day with no read leaves the difference across
// the gap to the next read (the month total is kept, only the per-day figure is missing). A register that steps back
// (a reset or a swap) contributes nothing for that step.
import type { WaterBalanceInput } from '@waterops/shared/dma';
import { addDays } from '@waterops/shared/reading';
import type { LossRateParams } from './dmaParams.ts';

export type DayEndRead = { day: string; reading: number };

export type MeterVolumes = {
  /** m³ per day (the day's end register less the previous day's), null when either is missing */
  perDay: Map<string, number | null>;
  /** m³ over the days, null when the meter has fewer than two reads spanning them */
  total: number | null;
};

/** A meter's volume per day and in total over `days` (consecutive, ascending) from its day-end reads. */
export const meterVolumes = (reads: readonly DayEndRead[], days: readonly string[]): MeterVolumes => {
  const perDay = new Map<string, number | null>(days.map((d) => [d, null]));
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return { perDay, total: null };
  const before = addDays(first, -1);
  const sorted = reads.filter((r) => r.day >= before && r.day <= last).sort((a, b) => (a.day < b.day ? -1 : 1));
  let total: number | null = null;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1] as DayEndRead;
    const b = sorted[i] as DayEndRead;
    const delta = b.reading - a.reading;
    if (!(delta >= 0)) continue;
    total = (total ?? 0) + delta;
    if (addDays(a.day) === b.day) perDay.set(b.day, delta);
  }
  return { perDay, total };
};

const sumOrNull = (xs: readonly (number | null)[]): number | null =>
  xs.some((x) => x === null) ? null : xs.reduce<number>((s, x) => s + (x as number), 0);

export type SuppliedFigures = {
  inletM3: number | null;
  outletM3: number | null;
  /** inlets − outlets per day, null when a meter misses the day */
  perDay: Map<string, number | null>;
};

/** Inlets and outlets over the days; a district without inlets supplies nothing known (null). */
export const districtSupplied = (
  inlets: readonly MeterVolumes[],
  outlets: readonly MeterVolumes[],
  days: readonly string[],
): SuppliedFigures => {
  const perDay = new Map<string, number | null>();
  for (const d of days) {
    if (inlets.length === 0) {
      perDay.set(d, null);
      continue;
    }
    const inn = sumOrNull(inlets.map((m) => m.perDay.get(d) ?? null));
    const out = sumOrNull(outlets.map((m) => m.perDay.get(d) ?? null));
    perDay.set(d, inn === null || out === null ? null : inn - out);
  }
  return {
    inletM3: inlets.length === 0 ? null : sumOrNull(inlets.map((m) => m.total)),
    outletM3: sumOrNull(outlets.map((m) => m.total)),
    perDay,
  };
};

export type DistrictNetwork = {
  mainsLengthKm: number | null;
  privatePipeKm: number | null;
  meanPressureM: number | null;
};

/**
 * Apparent losses when nobody has measured them, by the AWWA M36 water audit's default method (the Free Water Audit
 * Software's defaults): unauthorised consumption 0.25 % of the water supplied, systematic data handling errors
 * 0.25 % of billed metered consumption. Customer meter under-registration has no default there (it must come from
 * meter testing) and is left out, so the estimate is a floor: real losses and the ILI are, if anything, high.
 */
export const APPARENT_LOSS_DEFAULTS = { unauthorisedShareOfSupplied: 0.0025, dataErrorShareOfBilled: 0.0025 };

export const defaultApparentLosses = (suppliedM3: number | null, billedM3: number | null): number | null =>
  suppliedM3 === null || billedM3 === null
    ? null
    : Math.max(0, suppliedM3) * APPARENT_LOSS_DEFAULTS.unauthorisedShareOfSupplied +
      billedM3 * APPARENT_LOSS_DEFAULTS.dataErrorShareOfBilled;

/**
 * The balance input of a district-month. Billed is the member meters' metered consumption; they are household
 * meters read at the household, so it is also the residential figure CJJ 92's R1 needs. Billed unmetered and
 * unbilled authorised use are not recorded anywhere yet: 0. Apparent losses by the AWWA defaults above, so that real
 * losses, UARL and the ILI appear once mains length, connections and pressure are entered. The CJJ 92 corrections
 * R3 and R4 come from the utility-wide conditions (param group dma.lossRate).
 */
export const waterBalanceInput = (
  days: number,
  supplied: Pick<SuppliedFigures, 'inletM3' | 'outletM3'>,
  billed: number | null,
  connections: number,
  network: DistrictNetwork,
  utility: LossRateParams,
): WaterBalanceInput => ({
  days,
  inletM3: supplied.inletM3,
  outletM3: supplied.outletM3,
  billedMeteredM3: billed,
  billedUnmeteredM3: 0,
  unbilledAuthorisedM3: 0,
  residentialMeteredM3: billed,
  apparentLossesM3: defaultApparentLosses(
    supplied.inletM3 === null ? null : supplied.inletM3 - (supplied.outletM3 ?? 0),
    billed,
  ),
  mainsLengthKm: network.mainsLengthKm,
  serviceConnections: connections,
  privatePipeLengthKm: network.privatePipeKm,
  averagePressureM: network.meanPressureM,
  supplyPressureMpa: utility.supplyPressureMpa,
  maxFrostDepthM: utility.maxFrostDepthM,
});
