// Water demand of the simulated city as closed forms of time, so any instant can be evaluated on its own (the
// backfill, the live stream and a restart all agree on a meter's register): a household's cumulative use since the
// city's epoch is its daily volume summed over whole days (weekday pattern, season, day-to-day jitter that never
// accumulates) plus the share of the current day reached by its category's daily profile.
import { unit } from './random.ts';

/** Resident categories, index = CityPlan meters' category code. */
export const CATEGORIES = ['居民', '商业', '行政事业', '工业'] as const;
export const CATEGORY_EN = ['Residential', 'Commercial', 'Public institution', 'Industrial'] as const;
export const RESIDENTIAL = 0;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const OFFSET_MS = 8 * HOUR_MS;
const QUARTERS = 96;

/** Day-to-day jitter of a meter's use, as a share of its mean daily use. */
const JITTER = 0.25;
/** Seasonal swing of use (more in summer), as a share of the mean. */
const SEASON = 0.12;

const bump = (h: number, centre: number, sd: number) => Math.exp(-((h - centre) ** 2) / (2 * sd * sd));
/** 0 before `from`, 1 after `to`, smooth in between (opening hours). */
const open = (h: number, from: number, to: number) =>
  1 / (1 + Math.exp(-(h - from) * 3)) / (1 + Math.exp((h - to) * 3));

/** Relative use at hour-of-day h (0–24) for a category on a working day or a weekend day. */
const weight = (category: number, weekend: boolean, h: number): number => {
  switch (category) {
    case RESIDENTIAL: {
      // little at night (02:00–04:00 the lowest, late evening still tailing off), peaks 06:30–08:30 and
      // 18:00–21:00; weekends later and flatter
      const late = 0.3 * (bump(h, 23, 1.2) + bump(h, -1, 1.2));
      return weekend
        ? late +
            0.08 +
            0.45 * open(h, 8, 22) +
            1.0 * bump(h, 9, 1.3) +
            0.6 * bump(h, 12.5, 1) +
            1.0 * bump(h, 19.5, 1.5)
        : late +
            0.06 +
            0.3 * open(h, 6.5, 22) +
            1.7 * bump(h, 7.5, 0.7) +
            0.45 * bump(h, 12.3, 0.9) +
            1.4 * bump(h, 19.5, 1.1);
    }
    case 1: // shops and restaurants: open 09:00–21:00, a lunch and dinner rush
      return 0.05 + open(h, 9, 21) * (1 + 0.6 * bump(h, 12, 1) + 0.5 * bump(h, 18.5, 1.2));
    case 2: // offices and schools: working hours; weekends almost nothing
      return weekend ? 0.05 + 0.1 * open(h, 9, 17) : 0.04 + open(h, 8, 18) * (1 + 0.3 * bump(h, 12, 0.8));
    default: // industry: two shifts 07:00–23:00
      return 0.15 + open(h, 7, 23);
  }
};

/** Weekday factor of daily volume (index 0 Sunday): households use a little more at weekends, offices far less. */
const WEEK: readonly (readonly number[])[] = [
  [1.08, 0.97, 0.97, 0.97, 0.97, 0.98, 1.06],
  [1.1, 0.96, 0.96, 0.96, 0.98, 1.02, 1.12],
  [0.45, 1.2, 1.2, 1.2, 1.2, 1.2, 0.45],
  [0.6, 1.12, 1.12, 1.12, 1.12, 1.12, 0.7],
];

/** Per category and weekend flag, the cumulative share of the day's volume at each quarter hour (97 values, 0 … 1). */
const PROFILES: Float64Array[][] = CATEGORIES.map((_, c) =>
  [false, true].map((weekend) => {
    const cum = new Float64Array(QUARTERS + 1);
    for (let q = 0; q < QUARTERS; q++) cum[q + 1] = (cum[q] as number) + weight(c, weekend, (q + 0.5) / 4);
    const total = cum[QUARTERS] as number;
    for (let q = 0; q <= QUARTERS; q++) cum[q] = (cum[q] as number) / total;
    return cum;
  }),
);

/** Prefix sums of the weekly factors per category, for whole weeks plus the days before a weekday. */
const WEEK_PREFIX = WEEK.map((f) => {
  const p = [0];
  for (let i = 0; i < 7; i++) p.push((p[i] as number) + (f[i] as number));
  return p;
});

/** The China day number of an instant (days since 1970-01-01 in China time). */
export const chinaDayNumber = (t: number): number => Math.floor((t + OFFSET_MS) / DAY_MS);
/** The instant China day number `d` starts. */
export const dayNumberStart = (d: number): number => d * DAY_MS - OFFSET_MS;
/** Weekday of a China day number, 0 Sunday (1970-01-01 was a Thursday). */
const weekdayOf = (d: number): number => (((d + 4) % 7) + 7) % 7;

/** Σ weekly factor over China days [0, d) for a category. */
const weeklyCum = (category: number, d: number): number => {
  const p = WEEK_PREFIX[category] as number[];
  const weeks = Math.floor(d / 7);
  // day 0 of each 7-day block has weekday weekdayOf(weeks*7); sum the block's first (d - weeks*7) days from there
  const first = weekdayOf(weeks * 7);
  const n = d - weeks * 7;
  const end = first + n;
  const partial =
    end <= 7
      ? (p[end] as number) - (p[first] as number)
      : (p[7] as number) - (p[first] as number) + (p[end - 7] as number);
  return weeks * (p[7] as number) + partial;
};

/** Σ seasonal factor over days [0, d): the integral of SEASON·sin (peak around late July). */
const seasonalCum = (d: number): number => {
  const w = (2 * Math.PI) / 365.25;
  const phase = -w * 111; // sin peaks ~200 days into the year
  return (SEASON / w) * (Math.cos(phase) - Math.cos(w * d + phase));
};

/**
 * Cumulative use (m³) of a meter with mean daily use `mean` over China days [0, d), in units where only differences
 * matter: the volume on day d is cumulative(d + 1) − cumulative(d) = mean · (weekday factor + season + jitter), and
 * the jitter term J·(u(d+1) − u(d)) telescopes, so days vary by ±J without drifting.
 */
export const dayCumulative = (seed: number, meter: number, category: number, mean: number, d: number): number =>
  mean * (weeklyCum(category, d) + seasonalCum(d) + JITTER * unit(seed, meter, d));

/** The share of a China day's volume used by minute-of-day `minute` (fractional), for a category and day. */
export const dayShare = (category: number, d: number, minute: number): number => {
  const wd = weekdayOf(d);
  const profile = (PROFILES[category] as Float64Array[])[wd === 0 || wd === 6 ? 1 : 0] as Float64Array;
  const q = minute / 15;
  const i = Math.min(QUARTERS - 1, Math.floor(q));
  const a = profile[i] as number;
  return a + ((profile[i + 1] as number) - a) * (q - i);
};

/**
 * How bursty a household's use is hour by hour: the chance that it draws any water in an hour whose expected share of
 * the day is r times the mean hour's is 1 − e^(−ACTIVITY·r). A home at 03:00 (r ≈ 0.1) is silent about four nights
 * in five per hour; at the morning peak it always draws. A smooth profile at the meter would have every home flow a
 * little every hour of the night — "continuous flow" on every shop and office in the city.
 */
const ACTIVITY = 2;
const HOURS = 24;
/** Per meter, the cumulative shares of its last evaluated day (a read every hour re-evaluates the same day). */
const hourCache = new Map<number, { seed: number; category: number; d: number; cum: Float64Array }>();
const HOUR_CACHE_MAX = 200_000;

/**
 * A household's cumulative shares of China day d at each whole hour (25 values, 0 … 1): its category's profile with
 * each hour drawn as used (its expected share scaled up by 1/chance) or not used, then renormalized so the day's
 * volume is exactly the profile's. Fixed by (seed, meter, d), so any instant can be evaluated on its own.
 */
export const householdHourShares = (seed: number, meter: number, category: number, d: number): Float64Array => {
  const hit = hourCache.get(meter);
  if (hit && hit.seed === seed && hit.d === d && hit.category === category) return hit.cum;
  const cum = new Float64Array(HOURS + 1);
  for (let h = 0; h < HOURS; h++) {
    const expected = dayShare(category, d, (h + 1) * 60) - dayShare(category, d, h * 60);
    const chance = 1 - Math.exp(-ACTIVITY * expected * HOURS);
    const used = unit(seed ^ 0x40b5, meter, d, h) < chance;
    cum[h + 1] = (cum[h] as number) + (used ? expected / chance : 0);
  }
  const total = cum[HOURS] as number;
  // a day with no hour drawn (never with a daytime peak) keeps the plain profile
  for (let h = 0; h <= HOURS; h++) cum[h] = total > 0 ? (cum[h] as number) / total : dayShare(category, d, h * 60);
  if (hourCache.size >= HOUR_CACHE_MAX) hourCache.clear();
  hourCache.set(meter, { seed, category, d, cum });
  return cum;
};

/** The share of China day d a household has used by minute-of-day `minute`: its hours, linear within each. */
export const householdDayShare = (seed: number, meter: number, category: number, d: number, minute: number): number => {
  if (minute <= 0) return 0;
  if (minute >= HOURS * 60) return 1;
  const cum = householdHourShares(seed, meter, category, d);
  const h = Math.floor(minute / 60);
  const a = cum[h] as number;
  return a + ((cum[h + 1] as number) - a) * (minute / 60 - h);
};

/**
 * A household's cumulative use at instant t since the start of China day `epoch` (m³, not rounded). Each day's
 * volume is exactly its category's (so a district's daily sum is its households'); within the day it comes in
 * bursts (householdHourShares).
 */
export const householdUse = (
  seed: number,
  meter: number,
  category: number,
  mean: number,
  epoch: number,
  t: number,
): number => {
  const d = chinaDayNumber(t);
  const minute = (t - dayNumberStart(d)) / 60_000;
  const c0 = dayCumulative(seed, meter, category, mean, d);
  const c1 = dayCumulative(seed, meter, category, mean, d + 1);
  return (
    c0 +
    (c1 - c0) * householdDayShare(seed, meter, category, d, minute) -
    dayCumulative(seed, meter, category, mean, epoch)
  );
};
