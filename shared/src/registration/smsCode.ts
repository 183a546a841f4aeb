// The limits of SMS verification codes, shared so the form's countdown and the server's rate window agree.

/** Digits in a code. */
export const SMS_CODE_LENGTH = 6;
/** How long a code can be used after it was sent. */
export const SMS_CODE_TTL_MS = 5 * 60_000;
/** Wrong attempts after which a code is spent (a sixth try fails even when right). */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** One code per mobile at most this often; the form counts down the same seconds. */
export const SMS_RESEND_SECONDS = 60;
/** Codes per mobile within one window of SMS_DAILY_WINDOW_MS (the window starts at its first code). */
export const SMS_DAILY_LIMIT = 10;
export const SMS_DAILY_WINDOW_MS = 24 * 3600_000;

/** What a code is sent for (the outbox shows it; a future purpose such as a password reset has its own codes). */
export const SMS_PURPOSES = ['register'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SMS_CODE_PATTERN = /^\d{6}$/;
