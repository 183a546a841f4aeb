// How the production–sales difference page writes and colours the balance: rates as percentages, the CJJ 92-2016
// colours of a rate (≤ 10 % first grade: green, ≤ 12 % second: amber, above: red), the table's order (worst rate
// first, districts without a rate last), the default month (the last full China month) and the IWA-style split of
// the supplied volume into billed, unbilled authorised, apparent and real losses for the stacked bar. Pure.
import type { WaterBalance, ZoneMeteringRow } from '@waterops/shared/dma';
import { addMonths, chinaMonth } from '@waterops/shared/reading';

/** CJJ 92-2016 §5.1.2: first grade ≤ 10 %, second ≤ 12 %. */
export const RATE_FIRST = 0.1;
export const RATE_SECOND = 0.12;

export type RateTone = 'good' | 'fair' | 'poor';

/** The colour of a rate, or null when there is none. */
export const rateTone = (rate: number | null): RateTone | null =>
  rate === null ? null : rate <= RATE_FIRST ? 'good' : rate <= RATE_SECOND ? 'fair' : 'poor';

/** A fraction as a percentage with 2 decimals ('12.34 %'), '—' when unknown. */
export const percent = (rate: number | null | undefined): string =>
  rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(2)} %`;

/** A figure with `decimals` decimals and thousands separators, '—' when unknown. */
export const figure = (v: number | null | undefined, decimals = 1): string =>
  v === null || v === undefined
    ? '—'
    : v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

/** The month the page opens on: the last full month in China time. */
export const lastFullMonth = (now: Date = new Date()): string => addMonths(chinaMonth(now), -1);

/** Worst 产销差率 first; districts without a rate last, by name. */
export const sortByRate = (rows: readonly ZoneMeteringRow[]): ZoneMeteringRow[] =>
  [...rows].sort((a, b) => {
    const ra = a.productionSalesDifferenceRate;
    const rb = b.productionSalesDifferenceRate;
    if (ra === null && rb === null) return a.districtName.localeCompare(b.districtName, 'zh-CN');
    if (ra === null) return 1;
    if (rb === null) return -1;
    return rb - ra;
  });

export type BalanceSegment = {
  key: 'billed' | 'unbilled' | 'apparent' | 'real' | 'losses';
  m3: number;
  /** the share of the supplied volume, 0–1 */
  share: number;
};

/**
 * The supplied volume split IWA-style: billed, unbilled authorised, then apparent and real losses — or the losses
 * as one part when there is no apparent-loss estimate. Negative parts (billed above supplied: a meter out of step)
 * are left out, not drawn backwards. Empty without a positive supply.
 */
export const balanceSegments = (b: WaterBalance): BalanceSegment[] => {
  const supplied = b.suppliedM3;
  if (supplied === null || supplied <= 0) return [];
  const billed = b.billedM3 ?? 0;
  const unbilled = b.authorisedM3 !== null && b.billedM3 !== null ? b.authorisedM3 - b.billedM3 : 0;
  const parts: [BalanceSegment['key'], number | null][] =
    b.apparentLossesM3 !== null && b.realLossesM3 !== null
      ? [
          ['billed', billed],
          ['unbilled', unbilled],
          ['apparent', b.apparentLossesM3],
          ['real', b.realLossesM3],
        ]
      : [
          ['billed', billed],
          ['unbilled', unbilled],
          ['losses', b.waterLossesM3],
        ];
  return parts
    .filter((p): p is [BalanceSegment['key'], number] => p[1] !== null && p[1] > 0)
    .map(([key, m3]) => ({ key, m3, share: m3 / supplied }));
};
