// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) as pure functions on node:crypto: HMAC-SHA1, 30 s
// steps, 6 digits, one step of clock drift either way; secrets in RFC 4648 base32, as authenticator apps take them.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted either side of now. */
export const TOTP_WINDOW = 1;
/** 20 bytes: the length RFC 4226 recommends for HMAC-SHA1. */
const SECRET_BYTES = 20;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32, upper case, without padding. */
export const base32Encode = (bytes: Uint8Array): string => {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
};

/** Base32 to bytes; case, spaces, hyphens and padding are ignored. Undefined for any other character. */
export const base32Decode = (text: string): Buffer | undefined => {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE32.indexOf(ch);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
};

/** A new random secret, base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(SECRET_BYTES));

/** The time step a moment falls in (seconds since the epoch / 30, floored). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);

/** RFC 4226 HOTP of a key and counter: dynamic truncation of the HMAC, `digits` decimal digits. */
export const hotp = (key: Uint8Array, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
};

/** The code of a base32 secret at a moment. */
export const totpCode = (secret: string, at: Date): string =>
  hotp(base32Decode(secret) ?? Buffer.alloc(0), totpStep(at));

/**
 * The step a code matches, within the window around `at`, or undefined. A step at or before `lastUsedStep` is not
 * accepted, so a code cannot be replayed.
 */
export const verifyTotp = (
  secret: string,
  code: string,
  at: Date,
  lastUsedStep?: number | null,
): number | undefined => {
  const key = base32Decode(secret);
  const given = code.replace(/\s/g, '');
  if (!key || key.length === 0 || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(given)) return undefined;
  const now = totpStep(at);
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (lastUsedStep !== undefined && lastUsedStep !== null && step <= lastUsedStep) continue;
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(given))) return step;
  }
  return undefined;
};

/** Whether a code matches a step at or before the last used one: a replay, told apart from a wrong code. */
export const isReplayedTotp = (secret: string, code: string, at: Date, lastUsedStep: number | null): boolean =>
  lastUsedStep !== null &&
  verifyTotp(secret, code, at) !== undefined &&
  verifyTotp(secret, code, at, lastUsedStep) === undefined;

/** The `otpauth://` URI an authenticator app reads (the key URI format of Google Authenticator and others). */
export const totpUri = (secret: string, issuer: string, account: string): string => {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
};
