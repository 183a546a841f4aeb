// Scores detected night-flow events against the true leaks of a scenario (pure). The rule, in full:
// - an event MATCHES a leak when its start day lies from MATCH_DAYS before the leak's start to MATCH_DAYS after the
//   day the leak reached its full flow (an incipient leak's start can only be dated within its ramp), and it was
//   detected while the leak ran: on or after the leak's start day and before its end day (the first night without it);
// - events are paired with leaks one to one so that as many leaks as possible are found (augmenting paths, events in
//   the order detected, each trying its matching leaks nearest start first); an event left over that matches some
//   leak is a DUPLICATE of the nearest one;
// - an event that matches no leak is a FALSE ALARM (the nearest anomaly or running leak is named, to explain it);
// - an event the detector itself withdrew (status 'notConfirmed') is neither: it is counted apart as WITHDRAWN;
// - a leak with no event is MISSED; "hidden" when another event was open on its start day (a second leak on top of an
//   open event stays in that event, by the detector's design).
// Delay = detected day − true start day; start error = event start day − true start day (signed, days).
import { addDays, chinaDay } from '@waterops/shared/reading';
import { type Anomaly, type LeakType, SIZE_CLASSES, sizeClassOf, type TrueLeak } from './scenario.ts';

export const MATCH_DAYS = 7;

/** The fields of the detector's events the score reads. */
export type DetectedEvent = {
  kind: string;
  status: string;
  startDay: string;
  detectedDay: string;
  repairedDay: string | null;
  magnitude: number;
  peakMagnitude: number;
  volume: number;
};

export type LeakOutcome = {
  id: string;
  type: LeakType;
  size: number;
  sizeClass: string;
  found: boolean;
  /** events matched to it (more than one: duplicates) */
  events: number;
  delayDays: number | null;
  startErrorDays: number | null;
  /** incipient leaks: found on or before the first night carrying half the full flow */
  beforeHalfPeak: boolean | null;
  /** the repair dated (event repaired day − true end day); null if either is missing */
  repairErrorDays: number | null;
  /** missed while another event was open on its start day */
  hidden: boolean;
  /** for leaks ≥ 10 % of the night flow: the goal of its type met (null for smaller ones) */
  goalMet: boolean | null;
};

export type FalseAlarm = { startDay: string; detectedDay: string; magnitude: number; near: string | null };

export type ClassRow = {
  sizeClass: string;
  type: LeakType;
  leaks: number;
  found: number;
  medianDelayDays: number | null;
  medianAbsStartErrorDays: number | null;
  /** incipient only: found before half the peak */
  beforeHalfPeak: number | null;
};

export type Score = {
  leaks: LeakOutcome[];
  byClass: ClassRow[];
  found: number;
  missed: number;
  duplicates: number;
  falseAlarms: FalseAlarm[];
  falseAlarmsPerYear: number;
  /** events the detector withdrew itself (status 'notConfirmed') */
  withdrawn: number;
  goals: {
    abruptLarge: { met: number; of: number };
    incipientLarge: { met: number; of: number };
    falseAlarmsPerYear: number;
    duplicates: number;
  };
};

const DAY_MS = 86_400_000;
export const daysFrom = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);

const median = (xs: number[]): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export const matches = (e: DetectedEvent, l: TrueLeak): boolean =>
  e.startDay >= addDays(l.startDay, -MATCH_DAYS) &&
  e.startDay <= addDays(l.peakDay, MATCH_DAYS) &&
  e.detectedDay >= l.startDay &&
  (l.endDay === null || e.detectedDay < l.endDay);

/** The goals printed beside the figures (issue 19). */
export const GOALS = {
  abruptLarge: 'every abrupt leak ≥ 10 % found within 2 days, start ±1 day',
  incipientLarge: 'every incipient leak ≥ 10 % found before half its peak',
  falseAlarmsPerYear: '≤ 1 false alarm per district-year',
  duplicates: '0 duplicates',
};

/** What lies behind a false alarm: an anomaly between the day before its start and its detection, or a running leak. */
const explain = (e: DetectedEvent, leaks: readonly TrueLeak[], anomalies: readonly Anomaly[]): string | null => {
  const near = anomalies.find(
    (a) =>
      a.kind !== 'missingHour' &&
      chinaDay(new Date(a.from)) <= e.detectedDay &&
      chinaDay(new Date(a.to)) >= addDays(e.startDay, -1),
  );
  if (near) return `${near.kind} ${chinaDay(new Date(near.from))}`;
  const running = leaks.find((l) => l.startDay <= e.detectedDay && (l.endDay === null || e.detectedDay < l.endDay));
  return running ? `during ${running.id} (start ${running.startDay})` : null;
};

/** Scores `events` against the scenario's true leaks over `days` days of data. */
export const scoreEvents = (
  events: readonly DetectedEvent[],
  leaks: readonly TrueLeak[],
  anomalies: readonly Anomaly[],
  days: number,
): Score => {
  const byLeak = new Map<string, DetectedEvent[]>(leaks.map((l) => [l.id, []]));
  const falseAlarms: FalseAlarm[] = [];
  const withdrawn = events.filter((e) => e.status === 'notConfirmed');
  const ordered = events
    .filter((e) => e.status !== 'notConfirmed')
    .sort((a, b) => a.detectedDay.localeCompare(b.detectedDay) || a.startDay.localeCompare(b.startDay));
  const candidates = ordered.map((e) =>
    leaks
      .filter((l) => matches(e, l))
      .sort((a, b) => Math.abs(daysFrom(a.startDay, e.startDay)) - Math.abs(daysFrom(b.startDay, e.startDay))),
  );
  // Kuhn's augmenting paths: the largest one-to-one pairing of events and leaks
  const eventOf = new Map<string, number>();
  const augment = (i: number, visited: Set<string>): boolean => {
    for (const l of candidates[i] as TrueLeak[]) {
      if (visited.has(l.id)) continue;
      visited.add(l.id);
      const holder = eventOf.get(l.id);
      if (holder === undefined || augment(holder, visited)) {
        eventOf.set(l.id, i);
        return true;
      }
    }
    return false;
  };
  const paired = ordered.map((_, i) => augment(i, new Set()));
  for (const [id, i] of eventOf) byLeak.get(id)?.push(ordered[i] as DetectedEvent);
  ordered.forEach((e, i) => {
    if (paired[i]) return;
    const nearest = (candidates[i] as TrueLeak[])[0];
    if (nearest) byLeak.get(nearest.id)?.push(e);
    else
      falseAlarms.push({
        startDay: e.startDay,
        detectedDay: e.detectedDay,
        magnitude: Math.round(e.magnitude * 10) / 10,
        near: explain(e, leaks, anomalies),
      });
  });
  for (const list of byLeak.values()) list.sort((a, b) => a.detectedDay.localeCompare(b.detectedDay));
  const openOn = (day: string) =>
    ordered.some((e) => e.startDay <= day && (e.repairedDay === null || day < e.repairedDay));
  const outcomes: LeakOutcome[] = leaks.map((l) => {
    const mine = byLeak.get(l.id) ?? [];
    const first = mine[0];
    const delayDays = first ? daysFrom(l.startDay, first.detectedDay) : null;
    const startErrorDays = first ? daysFrom(l.startDay, first.startDay) : null;
    const beforeHalfPeak = l.type === 'incipient' ? (first ? first.detectedDay <= l.halfPeakDay : false) : null;
    const large = l.size >= 0.1;
    const goalMet = !large
      ? null
      : l.type === 'abrupt'
        ? delayDays !== null && delayDays <= 2 && Math.abs(startErrorDays as number) <= 1
        : beforeHalfPeak === true;
    return {
      id: l.id,
      type: l.type,
      size: l.size,
      sizeClass: sizeClassOf(l.size),
      found: first !== undefined,
      events: mine.length,
      delayDays,
      startErrorDays,
      beforeHalfPeak,
      repairErrorDays:
        first?.repairedDay && l.endDay
          ? daysFrom(l.endDay, mine[mine.length - 1]?.repairedDay ?? first.repairedDay)
          : null,
      hidden: !first && openOn(l.startDay),
      goalMet,
    };
  });
  return summarize(outcomes, falseAlarms, withdrawn.length, days);
};

/** The figures of leak outcomes and false alarms over `days` days of data (one district, or several added up). */
export const summarize = (
  outcomes: LeakOutcome[],
  falseAlarms: FalseAlarm[],
  withdrawn: number,
  days: number,
): Score => {
  const byClass: ClassRow[] = SIZE_CLASSES.flatMap((c) =>
    (['abrupt', 'incipient'] as const).map((type) => {
      const rows = outcomes.filter((o) => o.sizeClass === c.label && o.type === type);
      const found = rows.filter((o) => o.found);
      return {
        sizeClass: c.label,
        type,
        leaks: rows.length,
        found: found.length,
        medianDelayDays: median(found.map((o) => o.delayDays as number)),
        medianAbsStartErrorDays: median(found.map((o) => Math.abs(o.startErrorDays as number))),
        beforeHalfPeak: type === 'incipient' ? rows.filter((o) => o.beforeHalfPeak).length : null,
      };
    }),
  );
  const duplicates = outcomes.reduce((n, o) => n + Math.max(0, o.events - 1), 0);
  const falseAlarmsPerYear = Math.round((falseAlarms.length / (days / 365)) * 100) / 100;
  const goal = (type: LeakType) => {
    const large = outcomes.filter((o) => o.type === type && o.goalMet !== null);
    return { met: large.filter((o) => o.goalMet).length, of: large.length };
  };
  return {
    leaks: outcomes,
    byClass,
    found: outcomes.filter((o) => o.found).length,
    missed: outcomes.filter((o) => !o.found).length,
    duplicates,
    falseAlarms,
    falseAlarmsPerYear,
    withdrawn,
    goals: { abruptLarge: goal('abrupt'), incipientLarge: goal('incipient'), falseAlarmsPerYear, duplicates },
  };
};

export type LiveEvent = DetectedEvent & {
  /** the day it first appeared in a run (what an operator saw first) */
  firstSeenDay: string;
  /** no longer reported by a later run (re-dated or re-kinded): the job deletes such an open event */
  dropped: boolean;
};

/**
 * Live operation: for each day D the detector runs on the nightlines up to D, and each event is collected when it
 * first appears, identified as the job identifies it (the data day it was confirmed on: district_leak_events is keyed
 * by it). Later runs update its status, kind and size; an event a later run no longer reports is marked dropped. Its
 * detected day is the day it appeared, which must be the day it says it was confirmed on.
 */
export const eventsDayByDay = <P extends { day: string }>(
  points: readonly P[],
  detect: (upTo: readonly P[]) => readonly DetectedEvent[],
): LiveEvent[] => {
  const seen = new Map<string, LiveEvent>();
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  for (let i = 0; i < sorted.length; i++) {
    const day = (sorted[i] as P).day;
    const now = new Set<string>();
    for (const e of detect(sorted.slice(0, i + 1))) {
      const key = e.detectedDay;
      now.add(key);
      const prior = seen.get(key);
      if (prior)
        Object.assign(prior, {
          ...e,
          detectedDay: prior.detectedDay,
          firstSeenDay: prior.firstSeenDay,
          dropped: false,
        });
      else seen.set(key, { ...e, detectedDay: day, firstSeenDay: day, dropped: false });
    }
    for (const [key, e] of seen) if (!now.has(key) && e.status === 'open') e.dropped = true;
  }
  return [...seen.values()];
};

/** Whether the live events are the whole-year run's: same kind, start and detected day, none dropped. */
export const agreement = (
  whole: readonly DetectedEvent[],
  live: readonly LiveEvent[],
): { agree: boolean; onlyWhole: string[]; onlyLive: string[] } => {
  const key = (e: DetectedEvent) => `${e.kind} ${e.startDay} detected ${e.detectedDay}`;
  const a = new Set(whole.map(key));
  const b = new Set(live.filter((e) => !e.dropped).map(key));
  const onlyWhole = [...a].filter((k) => !b.has(k));
  const onlyLive = [...b]
    .filter((k) => !a.has(k))
    .concat(live.filter((e) => e.dropped).map((e) => `${key(e)} (dropped)`));
  return { agree: onlyWhole.length === 0 && onlyLive.length === 0, onlyWhole, onlyLive };
};
