import { describe, expect, it } from 'vitest';
import { checkReadingRow } from './readingRows.ts';

const now = new Date('2026-11-23T08:00:00Z');
const good = { meterCode: 'M001', time: '2026-11-23T15:00:00+08:00', reading: 123.456 };

describe('an ingestion row', () => {
  it.each([
    ['a number instead of an object', 5, 'invalid'],
    ['no meter code', { time: good.time, reading: 1 }, 'noMeter'],
    ['a blank meter code', { ...good, meterCode: '  ' }, 'noMeter'],
    ['a code over 64 characters', { ...good, meterCode: 'x'.repeat(65) }, 'noMeter'],
    ['an unparsable time', { ...good, time: 'yesterday' }, 'badTime'],
    ['a time 11 minutes ahead of the server', { ...good, time: '2026-11-23T08:11:00Z' }, 'future'],
    ['the year 1', { ...good, time: '0001-01-01T00:00:00Z' }, 'tooEarly'],
    ['1880', { ...good, time: '1880-06-01T00:00:00+08:00' }, 'tooEarly'],
    ['the last second of 1999 in China', { ...good, time: '1999-12-31T23:59:59+08:00' }, 'tooEarly'],
    ['a NUL in the meter code', { ...good, meterCode: 'M\u0000001' }, 'badCode'],
    ['a line feed in the remote code', { remoteCode: 'R\n1', time: good.time, reading: 1 }, 'badCode'],
    ['a negative reading', { ...good, reading: -0.001 }, 'badReading'],
    ['four decimals', { ...good, reading: 1.2345 }, 'badReading'],
    ['a reading as a string', { ...good, reading: '12' }, 'badReading'],
    ['voltage 12 V', { ...good, voltage: 12 }, 'badVoltage'],
    ['csq 40', { ...good, csq: 40 }, 'badCsq'],
    ['rsrp −30 dBm', { ...good, rsrp: -30 }, 'badRsrp'],
    ['valve state 2', { ...good, valveState: 2 }, 'badValveState'],
  ])('is refused for %s', (_what, raw, reason) => {
    const check = checkReadingRow(raw, 0, now);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toBe(reason);
  });

  it('is kept with its status, by body code or by remote code, a few minutes of clock drift allowed', () => {
    const check = checkReadingRow(
      { ...good, time: '2026-11-23T08:09:00Z', reading: 0.1 + 0.2, voltage: 3.6, csq: 99, rsrp: -95, valveState: 0 },
      7,
      now,
    );
    expect(check).toEqual({
      ok: true,
      row: {
        index: 7,
        meterCode: 'M001',
        remoteCode: null,
        readAt: new Date('2026-11-23T08:09:00Z'),
        reading: 0.3,
        voltage: 3.6,
        csq: 99,
        rsrp: -95,
        valveState: 0,
      },
    });
    const byRemote = checkReadingRow({ remoteCode: 'R9', time: good.time, reading: 5 }, 0, now);
    expect(byRemote.ok && byRemote.row.remoteCode).toBe('R9');
  });

  it('is kept from the first instant of 2000 in China, and does not echo a code with control characters', () => {
    expect(checkReadingRow({ ...good, time: '2000-01-01T00:00:00+08:00' }, 0, now).ok).toBe(true);
    expect(checkReadingRow({ ...good, meterCode: 'M\u0000' }, 0, now)).toEqual({
      ok: false,
      reason: 'badCode',
      code: null,
    });
  });
});
