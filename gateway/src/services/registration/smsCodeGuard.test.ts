import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_DAILY_LIMIT,
  SMS_DAILY_WINDOW_MS,
  SMS_RESEND_SECONDS,
} from '@waterops/shared/registration';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  hashSmsCode,
  judgeCode,
  newSmsCode,
  type SmsCodeRecord,
  sendRefusal,
  windowAfterSend,
} from './smsCodeGuard.ts';

const start = new Date('2024-05-01T08:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);
const HOUR = 3600_000;

const record = (over: Partial<SmsCodeRecord> = {}): SmsCodeRecord => ({
  companyId: 1,
  codeHash: hashSmsCode('register', '13812345678', '123456'),
  expiresAt: after(5 * 60_000),
  attempts: 0,
  lastSentAt: start,
  windowStartedAt: start,
  sends: 1,
  ...over,
});

describe('newSmsCode', () => {
  it('is always six digits, leading zeros kept, and varies', () => {
    const codes = Array.from({ length: 300 }, newSmsCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(290);
  });
});

describe('hashSmsCode', () => {
  it('never contains the code and depends on the mobile and purpose', () => {
    const h = hashSmsCode('register', '13812345678', '123456');
    expect(h).not.toContain('123456');
    expect(h).not.toBe(hashSmsCode('register', '13812345679', '123456'));
    expect(h).not.toBe(hashSmsCode('reset', '13812345678', '123456'));
  });
});

describe('sendRefusal', () => {
  it('lets the first code through', () => {
    expect(sendRefusal(undefined, start)).toBeNull();
  });

  it('refuses a second code within 60 s, saying how many seconds are left', () => {
    expect(sendRefusal(record(), after(0))).toEqual({ key: 'sms.tooSoon', params: { seconds: 60 } });
    expect(sendRefusal(record(), after(1))).toEqual({ key: 'sms.tooSoon', params: { seconds: 60 } });
    expect(sendRefusal(record(), after(59_001))).toEqual({ key: 'sms.tooSoon', params: { seconds: 1 } });
    expect(sendRefusal(record(), after(SMS_RESEND_SECONDS * 1000))).toBeNull();
  });

  it('refuses the 11th code of a 24-hour window, saying how many hours are left, until the window passes', () => {
    const full = record({ sends: SMS_DAILY_LIMIT, lastSentAt: after(HOUR) });
    expect(sendRefusal(record({ sends: SMS_DAILY_LIMIT - 1, lastSentAt: after(HOUR) }), after(2 * HOUR))).toBeNull();
    expect(sendRefusal(full, after(2 * HOUR))).toEqual({ key: 'sms.dailyLimit', params: { hours: 22 } });
    expect(sendRefusal(full, after(SMS_DAILY_WINDOW_MS - 1))).toEqual({ key: 'sms.dailyLimit', params: { hours: 1 } });
    expect(sendRefusal(full, after(SMS_DAILY_WINDOW_MS))).toBeNull();
  });

  it('never lets two codes within 60 s nor more than 10 into one window through (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3 * HOUR }), { minLength: 1, maxLength: 60 }), (gaps) => {
        let r: SmsCodeRecord | undefined;
        let t = start.getTime();
        const sent: number[] = [];
        const windowStarts: number[] = [];
        for (const gap of gaps) {
          t += gap;
          const now = new Date(t);
          if (sendRefusal(r, now)) continue;
          const w = windowAfterSend(r, now);
          if (w.sends === 1) windowStarts.push(t);
          sent.push(t);
          r = { ...record(), ...w, lastSentAt: now };
        }
        for (let i = 1; i < sent.length; i++)
          expect((sent[i] as number) - (sent[i - 1] as number)).toBeGreaterThanOrEqual(SMS_RESEND_SECONDS * 1000);
        for (const w of windowStarts)
          expect(sent.filter((x) => x >= w && x < w + SMS_DAILY_WINDOW_MS).length).toBeLessThanOrEqual(SMS_DAILY_LIMIT);
      }),
    );
  });
});

describe('windowAfterSend', () => {
  it('counts a send in the running window and restarts a passed one', () => {
    expect(windowAfterSend(undefined, start)).toEqual({ windowStartedAt: start, sends: 1 });
    expect(windowAfterSend(record({ sends: 3 }), after(HOUR))).toEqual({ windowStartedAt: start, sends: 4 });
    expect(windowAfterSend(record({ sends: 10 }), after(SMS_DAILY_WINDOW_MS))).toEqual({
      windowStartedAt: after(SMS_DAILY_WINDOW_MS),
      sends: 1,
    });
  });
});

describe('judgeCode', () => {
  const right = hashSmsCode('register', '13812345678', '123456');
  const wrong = hashSmsCode('register', '13812345678', '654321');

  it('opens with the right code within 5 minutes for the company it was sent for', () => {
    expect(judgeCode(record(), 1, right, after(5 * 60_000 - 1))).toBe('right');
    expect(judgeCode(record(), 1, wrong, after(0))).toBe('wrong');
  });

  it('is invalid when missing, expired, used, for another company or after 5 wrong attempts', () => {
    expect(judgeCode(undefined, 1, right, start)).toBe('invalid');
    expect(judgeCode(record(), 1, right, after(5 * 60_000))).toBe('invalid');
    expect(judgeCode(record({ codeHash: '' }), 1, right, start)).toBe('invalid');
    expect(judgeCode(record(), 2, right, start)).toBe('invalid');
    expect(judgeCode(record({ attempts: SMS_CODE_MAX_ATTEMPTS - 1 }), 1, right, start)).toBe('right');
    expect(judgeCode(record({ attempts: SMS_CODE_MAX_ATTEMPTS }), 1, right, start)).toBe('invalid');
  });
});
