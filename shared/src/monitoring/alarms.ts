// Alarms (spec §1 monitoring, §4 abnormality levels; handbook domain.md "Alarms", ISA-18.2): one row per condition
// on one device. An alarm is active or returned to normal, and unacknowledged or acknowledged; it may be shelved
// for a time with a reason, and suppressed by topology (the meters behind an offline concentrator hang under the
// concentrator's alarm as children). Every transition is an AlarmEvent with who, when and an optional comment.
import { type Static, Type } from '@sinclair/typebox';
import { MAX_LIMIT } from '../api/paging.ts';
import { Instant, Nullable } from '../api/schemaParts.ts';

/** Spec §4: urgent, severe, alarm, general — in this order of priority (urgent first). */
export const ALARM_LEVELS = ['urgent', 'severe', 'alarm', 'general'] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];
export const AlarmLevel = Type.Union(ALARM_LEVELS.map((l) => Type.Literal(l)));
/** Sorting key: urgent 0 … general 3. */
export const levelRank = (level: AlarmLevel): number => ALARM_LEVELS.indexOf(level);
/** A move from one level to another: raised toward urgent, lowered toward general; null when it stays. */
export const levelDirection = (from: AlarmLevel, to: AlarmLevel): 'raised' | 'lowered' | null => {
  const d = levelRank(to) - levelRank(from);
  return d < 0 ? 'raised' : d > 0 ? 'lowered' : null;
};

export const ALARM_TYPES = [
  'voltage',
  'csq',
  'rsrp',
  'zeroUse',
  'reverseFlow',
  'suddenIncrease',
  'continuousFlow',
  'stuckMeter',
  'offline',
  'noData',
  'nightFlow',
] as const;
export type AlarmType = (typeof ALARM_TYPES)[number];
export const AlarmType = Type.Union(ALARM_TYPES.map((t) => Type.Literal(t)));

export const ALARM_SOURCE_KINDS = ['concentrator', 'collector', 'meter', 'district'] as const;
export type AlarmSourceKind = (typeof ALARM_SOURCE_KINDS)[number];
export const AlarmSourceKind = Type.Union(ALARM_SOURCE_KINDS.map((k) => Type.Literal(k)));

export const Alarm = Type.Object({
  id: Type.Integer(),
  alarmType: AlarmType,
  level: AlarmLevel,
  sourceKind: AlarmSourceKind,
  sourceId: Type.Integer(),
  /** the device's code (concentrator / collector / meter code) or the district's name */
  sourceCode: Type.String(),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  /** the measured value that raised it (V, CSQ, dBm, m³, hours offline…) and the limit it crossed */
  value: Nullable(Type.Number()),
  threshold: Nullable(Type.Number()),
  /** true while the condition holds; false once it returned to normal */
  active: Type.Boolean(),
  acknowledged: Type.Boolean(),
  /** shelved until this instant (auto-unshelved then); null when not shelved */
  shelvedUntil: Nullable(Instant),
  shelveReason: Nullable(Type.String()),
  shelvedBy: Nullable(Type.String()),
  /** the alarm this one is grouped under (a meter's no-data under its concentrator's offline alarm) */
  parentId: Nullable(Type.Integer()),
  /** suppressed by topology: shown only under its parent, never sounds */
  suppressed: Type.Boolean(),
  /** how many alarms are grouped under this one */
  childCount: Type.Integer({ minimum: 0 }),
  raisedAt: Instant,
  clearedAt: Nullable(Instant),
  ackAt: Nullable(Instant),
  ackBy: Nullable(Type.String()),
  ackComment: Nullable(Type.String()),
  updateTime: Instant,
});
export type Alarm = Static<typeof Alarm>;

/** The live set (what the console and the `alarms` topic hold): active, or returned to normal but not yet acknowledged. */
export const isLiveAlarm = (a: Pick<Alarm, 'active' | 'acknowledged'>): boolean => a.active || !a.acknowledged;

export const ALARM_ACTIONS = [
  'raised',
  'cleared',
  'reraised',
  'acknowledged',
  'shelved',
  'unshelved',
  'suppressed',
  // a work order raised from the alarm, or completed for it (issue 15): the comment says which and how
  'noted',
  // an active alarm's condition moved to another level (issue 19): the event's levelChange says from, to and why
  'levelChanged',
] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

/** A `levelChanged` event's detail: the level before and after, and the value and limit that moved it. */
export const AlarmLevelChange = Type.Object({
  from: AlarmLevel,
  to: AlarmLevel,
  value: Nullable(Type.Number()),
  threshold: Nullable(Type.Number()),
});
export type AlarmLevelChange = Static<typeof AlarmLevelChange>;

/** One transition of an alarm: who (null = the system), when, what, with the operator's comment. */
export const AlarmEvent = Type.Object({
  id: Type.Integer(),
  alarmId: Type.Integer(),
  action: Type.Union(ALARM_ACTIONS.map((a) => Type.Literal(a))),
  username: Nullable(Type.String()),
  at: Instant,
  comment: Nullable(Type.String()),
  /** on `levelChanged` events only */
  levelChange: Type.Optional(AlarmLevelChange),
});
export type AlarmEvent = Static<typeof AlarmEvent>;

export const ALARM_STATES = ['activeUnacked', 'activeAcked', 'clearedUnacked', 'shelved'] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** The console's list (paged) and filters; without `state` the live set. */
export const AlarmListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  /** 50, 100 or 200 on the console (PAGE_SIZES); any size up to MAX_LIMIT like every list */
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT })),
  level: Type.Optional(AlarmLevel),
  alarmType: Type.Optional(AlarmType),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  state: Type.Optional(Type.Union(ALARM_STATES.map((s) => Type.Literal(s)))),
  /** include history (acknowledged and returned to normal) */
  history: Type.Optional(Type.Boolean()),
});
export type AlarmListQuery = Static<typeof AlarmListQuery>;

/** The change feed: alarms changed after `since` (an opaque cursor from the previous answer), live or not. */
export const AlarmFeedQuery = Type.Object({ since: Type.Optional(Type.String({ maxLength: 40 })) });
export const AlarmFeed = Type.Object({
  /** changed alarms, whole (a client drops those no longer live: isLiveAlarm) */
  items: Type.Array(Alarm),
  /** pass back as `since` next time */
  cursor: Type.String(),
  /** true when `since` was too old or unknown: items is then the whole live set (a snapshot) */
  reset: Type.Boolean(),
});
export type AlarmFeed = Static<typeof AlarmFeed>;

/** Acknowledge one or many (bulk) with an optional comment. */
export const AlarmAckRequest = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
  comment: Type.Optional(Type.String({ maxLength: 200 })),
});
export type AlarmAckRequest = Static<typeof AlarmAckRequest>;

/** Shelving durations offered (minutes); the API accepts any whole number from 5 minutes to 7 days. */
export const SHELVE_MINUTES = [15, 60, 240, 480, 1440] as const;
export const AlarmShelveRequest = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
  minutes: Type.Integer({ minimum: 5, maximum: 10080 }),
  /** required: a shelved alarm always says why */
  reason: Type.String({ minLength: 1, maxLength: 200 }),
});
export type AlarmShelveRequest = Static<typeof AlarmShelveRequest>;
export const AlarmUnshelveRequest = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000 }),
});
/** How many alarms an action changed (ids not found in the tenant, or in a state the action does not apply to, are skipped). */
export const AlarmActionResult = Type.Object({ changed: Type.Integer({ minimum: 0 }) });

/** One alarm (a source and a type: the tag ISA-18.2 counts by) among the bad actors of the alarm-load panel. */
export const AlarmBadActor = Type.Object({
  sourceKind: AlarmSourceKind,
  sourceId: Type.Integer(),
  sourceCode: Type.String(),
  alarmType: AlarmType,
  /** raised in 24 h (most frequent); raised in its worst hour (chattering) */
  count: Type.Integer({ minimum: 0 }),
});
export type AlarmBadActor = Static<typeof AlarmBadActor>;

/** An alarm raised this many times within one hour is chattering (a rule or a device to tune). */
export const CHATTER_PER_HOUR = 3;

/**
 * The alarm-load panel: alarms raised per 10 minutes over the last 24 h, stale ones (active ≥ 24 h), and the bad
 * actors a utility tunes first: the 10 most frequent alarms and the chattering ones.
 */
export const AlarmLoad = Type.Object({
  /** one bucket per 10 minutes, oldest first */
  buckets: Type.Array(Type.Object({ start: Instant, count: Type.Integer({ minimum: 0 }) })),
  /** the target of a good alarm system: 1 per operator per 10 minutes */
  target: Type.Number(),
  /** alarms raised in the last 10 minutes; ≥ FLOOD_THRESHOLD is a flood */
  lastTenMinutes: Type.Integer({ minimum: 0 }),
  stale: Type.Integer({ minimum: 0 }),
  /** the 10 alarms raised most often in 24 h */
  mostFrequent: Type.Array(AlarmBadActor),
  /** up to 10 alarms raised CHATTER_PER_HOUR times or more within one hour in 24 h, the worst first */
  chattering: Type.Array(AlarmBadActor),
  /** priority mix of the last 24 h (share of urgent, severe, alarm, general; 0–1) */
  mix: Type.Object({ urgent: Type.Number(), severe: Type.Number(), alarm: Type.Number(), general: Type.Number() }),
});
export type AlarmLoad = Static<typeof AlarmLoad>;

/** ≥ 10 alarms in 10 minutes is a flood (EEMUA 191); an alarm active ≥ 24 h is stale. */
export const FLOOD_THRESHOLD = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;
export const STALE_AFTER_MS = 24 * 3_600_000;
