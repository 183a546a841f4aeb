import { describe, expect, it } from 'vitest';
import {
  activeFailures,
  captchaDemanded,
  FAILURE_WINDOW_MS,
  LOCKOUT_FAILURES,
  lockoutMinutesLeft,
} from './signInGuard.ts';

const start = new Date('2024-05-01T08:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);
const MIN = 60_000;

describe('activeFailures', () => {
  it('counts failures while their window lasts and forgets them after', () => {
    const record = { failures: 4, windowStartedAt: start };
    expect(activeFailures(undefined, start)).toBe(0);
    expect(activeFailures(record, after(0))).toBe(4);
    expect(activeFailures(record, after(FAILURE_WINDOW_MS - 1))).toBe(4);
    expect(activeFailures(record, after(FAILURE_WINDOW_MS))).toBe(0);
  });
});

describe('lockoutMinutesLeft', () => {
  it('locks a user name out at 10 failures in 15 minutes, for the rest of the window', () => {
    expect(lockoutMinutesLeft({ failures: LOCKOUT_FAILURES - 1, windowStartedAt: start }, after(MIN))).toBeNull();
    const locked = { failures: LOCKOUT_FAILURES, windowStartedAt: start };
    expect(lockoutMinutesLeft(locked, after(0))).toBe(15);
    expect(lockoutMinutesLeft(locked, after(MIN + 1))).toBe(14);
    expect(lockoutMinutesLeft(locked, after(14 * MIN + 30_000))).toBe(1);
    expect(lockoutMinutesLeft(locked, after(FAILURE_WINDOW_MS - 1))).toBe(1);
    expect(lockoutMinutesLeft(locked, after(FAILURE_WINDOW_MS))).toBeNull();
    expect(lockoutMinutesLeft(undefined, start)).toBeNull();
  });
});

describe('captchaDemanded', () => {
  it.each([
    ['after-failures', 0, false],
    ['after-failures', 2, false],
    ['after-failures', 3, true],
    ['after-failures', 9, true],
    ['always', 0, true],
    ['never', 0, false],
    ['never', 9, false],
  ] as const)('%s with %i failures → %s', (mode, failures, demanded) =>
    expect(captchaDemanded(mode, failures)).toBe(demanded),
  );
});
