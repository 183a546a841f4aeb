// When the demo utility's people work and when things arrive (issue 15): China hours of the crews, the control room
// and the call-takers, review rounds, the duty roster's working days, and the minutes at which complaints and orders
// arrive — more by day than by night, fewer on weekends — fixed by the seed. Pure; the operations plan builds on it.
import { addDays, chinaDay, dayStart } from '@waterops/shared/reading';
import { unit } from './random.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const OFFSET = 8 * HOUR;

// ── time of day ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** Hours since 00:00 China time (fractional). */
export const chinaHour = (t: number): number => ((((t + OFFSET) % DAY) + DAY) % DAY) / HOUR;

/** The first instant at or after t inside [from, to) China hours of a day. */
export const withinHours = (t: number, from: number, to: number): number => {
  const h = chinaHour(t);
  if (h >= from && h < to) return t;
  const midnight = t - h * HOUR;
  return h < from ? midnight + from * HOUR : midnight + DAY + from * HOUR;
};

/** Crews work 08:00–18:00 on their duty days; urgent and high orders are answered around the clock. */
export const WORK_FROM = 8;
export const WORK_TO = 18;
/** The control room (staffed round the clock) dispatches ordinary work 06:30–23:00, urgent and high at any hour. */
export const DISPATCH_FROM = 6.5;
export const DISPATCH_TO = 23;
/** Crews take ordinary orders on in their app 07:00–22:00. */
export const ACK_FROM = 7;
export const ACK_TO = 22;
/** Call-takers call residents back 08:00–21:00. */
export const CALLBACK_FROM = 8;
export const CALLBACK_TO = 21;

/** The dispatcher's review rounds, China hours. */
const REVIEW_ROUNDS = [9.5, 14, 17.5];

/** The first review round at or after t. */
export const reviewRound = (t: number): number => {
  const h = chinaHour(t);
  const midnight = t - h * HOUR;
  const round = REVIEW_ROUNDS.find((r) => r >= h);
  return round === undefined ? midnight + DAY + (REVIEW_ROUNDS[0] as number) * HOUR : midnight + round * HOUR;
};

/** Who is on duty which China day (the duty roster). */
export type OnDuty = (userId: number, day: string) => boolean;

/** The first instant at or after t inside the person's working hours on a day they are on duty (two weeks ahead). */
export const crewMoment = (t: number, userId: number, onDuty: OnDuty): number => {
  let at = withinHours(t, WORK_FROM, WORK_TO);
  for (let i = 0; i < 14; i++) {
    if (onDuty(userId, chinaDay(new Date(at)))) return at;
    at = dayStart(addDays(chinaDay(new Date(at)))).getTime() + WORK_FROM * HOUR;
  }
  return withinHours(t, WORK_FROM, WORK_TO);
};

/** When `minutes` of work started at t end, in the person's working hours (overnight work for urgent and high). */
export const workEnd = (t: number, minutes: number, userId: number, urgentish: boolean, onDuty: OnDuty): number => {
  if (urgentish) return t + minutes * MINUTE;
  let at = crewMoment(t, userId, onDuty);
  let left = minutes * MINUTE;
  for (let i = 0; i < 30; i++) {
    const end = at - chinaHour(at) * HOUR + WORK_TO * HOUR;
    if (at + left <= end) return at + left;
    left -= end - at;
    at = crewMoment(end + MINUTE, userId, onDuty);
  }
  return at + left;
};

// ── arrivals ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** What arrives on its own: complaints, the dispatcher's own orders, orders raised from alarms and usage exceptions. */
export type ArrivalKind = 'complaint' | 'manual' | 'alarm' | 'usage';

/** Per day on working days, and the factor on weekends. */
const DAILY: Record<ArrivalKind, { perDay: number; weekend: number; code: number }> = {
  complaint: { perDay: 12, weekend: 0.85, code: 0xc0a1 },
  manual: { perDay: 6, weekend: 0.5, code: 0xa4a1 },
  alarm: { perDay: 3, weekend: 1, code: 0xa1a2 },
  usage: { perDay: 1.5, weekend: 1, code: 0x05a9 },
};
/** The day's shape by China hour: quiet at night, busy mornings and afternoons. */
const HOURLY = [
  0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.6, 1.2, 1.8, 2, 1.9, 1.6, 1.2, 1.4, 1.7, 1.8, 1.6, 1.3, 1, 0.9, 0.8, 0.6, 0.4, 0.3,
];
const HOURLY_SUM = HOURLY.reduce((s, w) => s + w, 0);

/** The chance that one arrives in the minute starting at t. */
export const arrivalChance = (kind: ArrivalKind, t: number, scale = 1): number => {
  const d = DAILY[kind];
  const weekday = new Date(t + OFFSET).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? d.weekend : 1;
  return (scale * d.perDay * weekend * (HOURLY[Math.floor(chinaHour(t))] as number)) / HOURLY_SUM / 60;
};

/**
 * The instants in [from, to) at which something of `kind` arrives: a draw per minute fixed by the seed, so any
 * stretch of time gives the same arrivals whoever asks first (the history, then the live simulator, never twice).
 */
export const arrivalsBetween = (seed: number, kind: ArrivalKind, from: number, to: number, scale = 1): number[] => {
  const out: number[] = [];
  const code = DAILY[kind].code;
  for (let m = Math.ceil(from / MINUTE); m * MINUTE < to; m++) {
    const t = m * MINUTE;
    if (unit(seed, code, m) < arrivalChance(kind, t, scale))
      out.push(t + Math.floor(unit(seed, code + 1, m) * 60) * 1000);
  }
  return out;
};
