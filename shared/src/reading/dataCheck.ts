// Data verification (数据校验, spec §7 meter/meterBase readingCheck and dataCheck): the validated days whose reads
// failed a rule or were estimated, and a check that revalidates a selection of meters now. The rules and quality
// codes are quality.ts's; ranges are China days, both ends included, clipped at today.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { QualityCode, RULE_CODES, RuleCode } from './quality.ts';
import { type DayRange, ReadingDay, resolveDayRange } from './records.ts';

export const DATA_CHECK_PATHS = {
  /** GET ReadingCheckQuery → PageResult(ReadingCheckRow): days with a rule or a quality other than A, newest first */
  readingCheck: '/api-workbench/meter/meterBase/readingCheck',
  /** POST DataCheckBody → Result(DataCheckResult): revalidates the meters now and counts what the rules found */
  dataCheck: '/api-workbench/meter/meterBase/dataCheck',
} as const;

/** The longest day range of a check or of the exception list (a quarter). */
export const DATA_CHECK_MAX_SPAN = 93;
/** The exception list's range when none is given: the last days up to today. */
export const DATA_CHECK_DEFAULT_DAYS = 30;
/** Spec §9: the data check request may take up to 60 s. */
export const DATA_CHECK_TIMEOUT_MS = 60_000;
/** Meters one check may name. */
export const DATA_CHECK_MAX_METERS = 10_000;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "China day 'YYYY-MM-DD'" });

export const ReadingCheckQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  /** the page offers 50, 100 and 200; other callers ask up to 999 as for any list */
  limit: Type.Integer({ minimum: 1, maximum: 999, default: 50 }),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  regionId: Type.Optional(Type.Integer({ minimum: 1 })),
  /** the body code starts with this */
  meterCode: Type.Optional(Type.String({ maxLength: 50 })),
  rule: Type.Optional(RuleCode),
  quality: Type.Optional(QualityCode),
  from: Type.Optional(Day),
  to: Type.Optional(Day),
});
export type ReadingCheckQuery = Static<typeof ReadingCheckQuery>;

/** One exception: a meter's validated day beside its raw values. */
export const ReadingCheckRow = Type.Composite([
  Type.Object({
    meterId: Type.Integer(),
    meterCode: Type.String(),
    areaId: Nullable(Type.Integer()),
    areaName: Nullable(Type.String()),
  }),
  ReadingDay,
]);
export type ReadingCheckRow = Static<typeof ReadingCheckRow>;

/** Which meters to check: the listed ones, or every meter of an area. */
export const DataCheckBody = Type.Object({
  meterIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: DATA_CHECK_MAX_METERS })),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Day,
  to: Day,
});
export type DataCheckBody = Static<typeof DataCheckBody>;

const count = Type.Integer({ minimum: 0 });

export const DataCheckResult = Type.Object({
  from: Day,
  to: Day,
  /** meters revalidated */
  meters: count,
  /** meter-days recomputed in the range */
  days: count,
  /** days on which each rule fired */
  rules: Type.Object(
    Object.fromEntries(RULE_CODES.map((r) => [r, count])) as Record<(typeof RULE_CODES)[number], typeof count>,
  ),
  /** days by quality */
  qualities: Type.Object({ A: count, E: count, S: count }),
});
export type DataCheckResult = Static<typeof DataCheckResult>;

/** Why a data check is refused: the field to mark and the message. */
export type DataCheckRefusal = {
  field: 'from' | 'to' | 'areaId';
  message: MessageKey;
  params?: Record<string, number>;
};
export const isDataCheckRefusal = (r: DayRange | DataCheckRefusal): r is DataCheckRefusal => 'message' in r;

/**
 * A data check's range and selection: the day range rules of the reading pages (real days, not reversed, at most
 * DATA_CHECK_MAX_SPAN days, clipped at today), and meters or an area to check.
 */
export const validateDataCheck = (body: DataCheckBody, today: string): DayRange | DataCheckRefusal => {
  if (!body.areaId && !body.meterIds?.length) return { field: 'areaId', message: 'dataCheck.noSelection' };
  return resolveDayRange(body, today, DATA_CHECK_DEFAULT_DAYS, DATA_CHECK_MAX_SPAN);
};
