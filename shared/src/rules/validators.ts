// The local validators of spec §5 (ID card, IP, port, URL, longitude, latitude, RTSP address, two-decimal amounts,
// e-mail, phone, operation years) and the "codes separated by spaces" batch fields, written once for the web forms
// and the gateway routes. Each check takes the raw input (trimmed here) and answers a message key or null.
// An empty value passes: whether a field is required is the form's own rule, so optional fields reuse these.
import type { MessageKey } from '../i18n/messages.ts';

type Raw = string | number | null | undefined;

const text = (v: Raw): string => (v === null || v === undefined ? '' : String(v).trim());

/** Runs `ok` on the trimmed text unless it is empty; answers `message` when `ok` says no. */
const format =
  (message: MessageKey, ok: (s: string) => boolean) =>
  (v: Raw): MessageKey | null => {
    const s = text(v);
    return s === '' || ok(s) ? null : message;
  };

/** A finite decimal number as typed or as JavaScript prints one (1e-7); no hex, no "Infinity". */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const inRange = (s: string, min: number, max: number) => DECIMAL.test(s) && Number(s) >= min && Number(s) <= max;

// ---- ID card (GB 11643-1999) ----

/** Weights of the first 17 digits and the check characters by (weighted sum mod 11). */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The check character (0–9 or X) of the first 17 digits of an 18-digit ID card number. */
export const idCardCheckChar = (first17: string): string => {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] as number);
  return ID_CHECK[sum % 11] as string;
};

/** A real calendar date not after today, born 1800 or later. */
const isBirthDate = (year: number, month: number, day: number): boolean => {
  if (year < 1800) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return false;
  return d.getTime() <= Date.now();
};

const isIdCard = (s: string): boolean => {
  const id = s.toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    const ok = isBirthDate(Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14)));
    return ok && idCardCheckChar(id.slice(0, 17)) === id[17];
  }
  // The first-generation 15-digit form: 6 area digits, YYMMDD born in the 1900s, 3 sequence digits, no check.
  if (/^\d{15}$/.test(id))
    return isBirthDate(1900 + Number(id.slice(6, 8)), Number(id.slice(8, 10)), Number(id.slice(10, 12)));
  return false;
};

/** Resident ID card: 18 digits (the last may be X) with a valid birth date and checksum, or the old 15-digit form. */
export const checkIdCard = format('rules.idCard.format', isIdCard);

// ---- Network addresses ----

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const isPort = (s: string) => /^\d{1,5}$/.test(s) && Number(s) >= 1 && Number(s) <= 65535;

/** IPv4 in dotted decimal, no leading zeros (a leading zero reads as octal in some devices' firmware). */
export const checkIp = format('rules.ip.format', (s) => IPV4.test(s));

/** A TCP/UDP port 1–65535. */
export const checkPort = format('rules.port.format', isPort);

/** Host names as DNS allows them, or an IPv4 address. */
const HOST = '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*';

const hasHostAndPort = (url: URL, protocols: string[]): boolean => {
  if (!protocols.includes(url.protocol) || url.hostname === '') return false;
  if (!new RegExp(`^${HOST}$`).test(url.hostname)) return false;
  return url.port === '' || isPort(url.port);
};

const parsed = (s: string): URL | null => {
  if (/\s/.test(s)) return null;
  try {
    return new URL(s);
  } catch {
    return null;
  }
};

/** A web address: http:// or https://, a host, an optional port and path. */
export const checkUrl = format('rules.url.format', (s) => {
  const url = parsed(s);
  return url !== null && /^https?:\/\//i.test(s) && hasHostAndPort(url, ['http:', 'https:']);
});

/** A camera stream: `rtsp://[user:password@]host[:port][/path]`. */
export const checkRtsp = format('rules.rtsp.format', (s) => {
  // WHATWG URL treats rtsp as an opaque scheme but still splits host and port, which is what we check.
  const url = parsed(s);
  return url !== null && /^rtsp:\/\//i.test(s) && hasHostAndPort(url, ['rtsp:']);
});

// ---- Coordinates ----

/** Longitude −180…180 (decimal degrees). */
export const checkLongitude = format('rules.longitude.format', (s) => inRange(s, -180, 180));

/** Latitude −90…90 (decimal degrees). */
export const checkLatitude = format('rules.latitude.format', (s) => inRange(s, -90, 90));

// ---- Money and numbers ----

/** An amount of money: 0 or more, at most two decimals ("12", "12.5", "12.50"). */
export const checkAmount = format('rules.amount.format', (s) => /^\d+(\.\d{1,2})?$/.test(s));

/** Operation years of a device (spec §5 "operation years 0 to 20"): a whole number 0–20. */
export const checkOperationYears = format(
  'rules.operationYears.range',
  (s) => /^\d+$/.test(s) && Number(s) >= 0 && Number(s) <= 20,
);

// ---- Contacts ----

/** local@domain.tld; one @, no spaces, a dot in the domain. */
export const checkEmail = format('rules.email.format', (s) =>
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(s),
);

/** Mainland mobile (11 digits, 1 then 3–9) or landline with area code (0 + 2–3 digits, optional dash, 7–8 digits). */
export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;
export const checkPhone = format('rules.phone.format', (s) => PHONE_PATTERN.test(s));

// ---- Batch code fields ----

/** What `splitCodes` found: the codes in typed order, and a message when they cannot be used. */
export type SplitCodes = {
  codes: string[];
  message: MessageKey | null;
  /** the first code typed twice, for the message's {{code}} */
  duplicate?: string;
};

/**
 * A batch field of codes "separated by spaces" (spec §5): any white space (spaces, tabs, new lines, the
 * full-width space of a Chinese IME, which \s covers) separates, empties are dropped, and a code typed twice is refused so a batch
 * never acts on one device twice. Empty input gives no codes and no message (the form decides if it is required).
 */
export const splitCodes = (input: string | null | undefined): SplitCodes => {
  const codes = (input ?? '').split(/\s+/).filter((c) => c !== '');
  const seen = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) return { codes, message: 'rules.codes.duplicate', duplicate: code };
    seen.add(code);
  }
  return { codes, message: null };
};
