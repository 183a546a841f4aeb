// Reads the time filters of the operation log: ISO 8601 with or without a zone, or the date-range picker's
// `YYYY-MM-DD HH:mm:ss`. Without a zone the time is in the server's zone; a date alone covers the whole day.

/** The instant a filter value names, or null when it is not a real date (e.g. month 13). */
export const parseLogTime = (value: string, edge: 'start' | 'end'): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    value,
  );
  if (!m) return null;
  const [, y, mo, d, h, mi, s, ms, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? (edge === 'start' ? 0 : 23) : Number(h);
  const minute = mi === undefined ? (edge === 'start' ? 0 : 59) : Number(mi);
  const second = s === undefined ? (edge === 'start' || h !== undefined ? 0 : 59) : Number(s);
  const milli = ms === undefined ? (edge === 'end' && h === undefined ? 999 : 0) : Number(ms.padEnd(3, '0'));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;

  let date: Date;
  if (zone) {
    const sign = zone === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
    const digits = zone.replace(/[^0-9]/g, '');
    const offsetMin = sign * (Number(digits.slice(0, 2) || 0) * 60 + Number(digits.slice(2) || 0));
    date = new Date(Date.UTC(Number(y), month - 1, day, hour, minute, second, milli) - offsetMin * 60_000);
  } else {
    date = new Date(Number(y), month - 1, day, hour, minute, second, milli);
  }
  // 2024-02-31 would roll over into March: refuse days the month does not have.
  if (Number.isNaN(date.getTime())) return null;
  const check = zone ? new Date(Date.UTC(Number(y), month - 1, day)) : new Date(Number(y), month - 1, day);
  if ((zone ? check.getUTCDate() : check.getDate()) !== day) return null;
  return date;
};
