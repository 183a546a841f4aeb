// One row of an ingestion batch, checked on its own: a bad row is refused with its reason while the rest of the
// batch is kept (a concentrator resending 5,000 reads because one meter sent garbage would never get through).
// Pure: the meter lookup and the database checks (unknown meter, above max reading, blacklist, conflict) come after.
import { INGEST_EARLIEST_READ, INGEST_MAX_FUTURE_MS, type RejectReason } from '@waterops/shared/reading';

export type ParsedReading = {
  index: number;
  meterCode: string | null;
  remoteCode: string | null;
  readAt: Date;
  /** m³, at most three decimals */
  reading: number;
  voltage: number | null;
  csq: number | null;
  rsrp: number | null;
  valveState: number | null;
};

export type RowCheck = { ok: true; row: ParsedReading } | { ok: false; reason: RejectReason; code: string | null };

const codeOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
/** C0 controls and DEL: no device code has them, and PostgreSQL cannot even take a NUL in a text parameter. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
/** A code a row names may be looked up: no control characters (checked before any query, so none can fail). */
export const hasControlCharacters = (v: unknown): boolean => typeof v === 'string' && CONTROL.test(v);

const EARLIEST_MS = Date.parse(INGEST_EARLIEST_READ);
/**
 * Why a read time cannot be stored, or null: before the floor, or further ahead of `now` (the app's clock) than a
 * drifting device clock explains. Both bounds keep a typo from creating a partition of its own.
 */
export const readTimeProblem = (t: number, now: Date, maxFutureMs = INGEST_MAX_FUTURE_MS): RejectReason | null => {
  if (!Number.isFinite(t)) return 'badTime';
  if (t < EARLIEST_MS) return 'tooEarly';
  if (t > now.getTime() + maxFutureMs) return 'future';
  return null;
};
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const absent = (v: unknown) => v === undefined || v === null;
/** three decimals at most, allowing the float noise of a value like 0.1 + 0.2 */
const threeDecimals = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

export const checkReadingRow = (raw: unknown, index: number, now: Date): RowCheck => {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, reason: 'invalid', code: null };
  const r = raw as Record<string, unknown>;
  // the reply names no code it could not use (it would echo the control characters back)
  if (hasControlCharacters(r.meterCode) || hasControlCharacters(r.remoteCode))
    return { ok: false, reason: 'badCode', code: null };
  const meterCode = codeOf(r.meterCode);
  const remoteCode = codeOf(r.remoteCode);
  const code = meterCode ?? remoteCode;
  const fail = (reason: RejectReason): RowCheck => ({ ok: false, reason, code });
  if (!code || (meterCode ?? '').length > 64 || (remoteCode ?? '').length > 64) return fail('noMeter');
  const t = typeof r.time === 'string' ? Date.parse(r.time) : Number.NaN;
  const timeProblem = readTimeProblem(t, now);
  if (timeProblem) return fail(timeProblem);
  if (!isNum(r.reading) || r.reading < 0 || !threeDecimals(r.reading) || r.reading >= 1e11) return fail('badReading');
  if (!absent(r.voltage) && !(isNum(r.voltage) && r.voltage >= 0 && r.voltage <= 10)) return fail('badVoltage');
  if (
    !absent(r.csq) &&
    !(Number.isInteger(r.csq) && (((r.csq as number) >= 0 && (r.csq as number) <= 31) || r.csq === 99))
  )
    return fail('badCsq');
  if (!absent(r.rsrp) && !(Number.isInteger(r.rsrp) && (r.rsrp as number) >= -140 && (r.rsrp as number) <= -44))
    return fail('badRsrp');
  if (!absent(r.valveState) && r.valveState !== 0 && r.valveState !== 1) return fail('badValveState');
  return {
    ok: true,
    row: {
      index,
      meterCode,
      remoteCode: meterCode ? null : remoteCode,
      readAt: new Date(t),
      reading: Math.round((r.reading as number) * 1000) / 1000,
      voltage: absent(r.voltage) ? null : Math.round((r.voltage as number) * 100) / 100,
      csq: absent(r.csq) ? null : (r.csq as number),
      rsrp: absent(r.rsrp) ? null : (r.rsrp as number),
      valveState: absent(r.valveState) ? null : (r.valveState as number),
    },
  };
};
