// The rules that guard sign-in, as pure functions over a user name's failure record: when the verification code is
// demanded, and when sign-in is refused outright until the failure window has passed.
import { CAPTCHA_AFTER_FAILURES } from '@waterops/shared/auth';

/** Failed sign-ins for one user name after which sign-in is refused until the window passes. */
export const LOCKOUT_FAILURES = 10;
/** The window failures are counted in; it starts at the first failure and the count restarts after it. */
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a verification code can be used after its image was fetched. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

export type CaptchaMode = 'after-failures' | 'always' | 'never';
export type FailureRecord = { failures: number; windowStartedAt: Date } | undefined;

/** Failures that still count: those of a window that has not yet passed. */
export const activeFailures = (record: FailureRecord, now: Date): number =>
  record && now.getTime() - record.windowStartedAt.getTime() < FAILURE_WINDOW_MS ? record.failures : 0;

/** Whole minutes until a locked-out user name may try again, or null when it is not locked out. */
export const lockoutMinutesLeft = (record: FailureRecord, now: Date): number | null => {
  if (!record || activeFailures(record, now) < LOCKOUT_FAILURES) return null;
  const left = record.windowStartedAt.getTime() + FAILURE_WINDOW_MS - now.getTime();
  return Math.max(1, Math.ceil(left / 60_000));
};

/** Whether the next sign-in of a user name with this many active failures must carry the verification code. */
export const captchaDemanded = (mode: CaptchaMode, failures: number): boolean =>
  mode === 'always' || (mode === 'after-failures' && failures >= CAPTCHA_AFTER_FAILURES);
