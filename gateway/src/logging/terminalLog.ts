// The log as a person at a terminal reads it (`npm start`): one short line per event instead of pino's JSON, and
// quiet about what goes well — a request that succeeded in good time is not printed (the demo's simulator alone
// makes ~800 requests a minute, which buried the start banner). A failed (≥ 400) or slow request is one line with its
// method, path, status and time. Not on a terminal (a service manager, a log shipper), the JSON log is unchanged.

/** A request slower than this is printed even when it succeeded. */
export const SLOW_REQUEST_MS = 1_000;

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** pino's own fields, and the request fields printed in their own way */
const SKIP = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

type LogLine = {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
};

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (ms: number | undefined) => {
  const d = new Date(ms ?? Date.now());
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};
const levelOf = (n: number | undefined) => (LEVELS[n ?? 30] ?? 'INFO').padEnd(5);

/**
 * Turns pino's JSON lines into terminal lines: `write` takes what pino writes, `out` gets the readable line (or
 * nothing, for a request that went well). Requests are paired by their id: the path is on the first line, the
 * status on the last.
 */
export const terminalLogStream = (out: (line: string) => void = (line) => process.stdout.write(line)) => {
  const open = new Map<string, { method: string; url: string }>();
  return {
    write(raw: string): void {
      let e: LogLine;
      try {
        e = JSON.parse(raw) as LogLine;
      } catch {
        out(raw);
        return;
      }
      if (e.reqId && e.req && !e.res) {
        // the request's first line: remember what it was (a bounded map: a line lost never grows it for ever)
        if (open.size > 10_000) open.clear();
        open.set(e.reqId, { method: e.req.method ?? '', url: e.req.url ?? '' });
        return;
      }
      if (e.reqId && e.res && e.responseTime !== undefined) {
        const req = open.get(e.reqId);
        open.delete(e.reqId);
        const status = e.res.statusCode ?? 0;
        const ms = Math.round(e.responseTime ?? 0);
        if (status < 400 && ms < SLOW_REQUEST_MS && (e.level ?? 30) < 40) return;
        const level = status >= 500 ? 50 : status >= 400 || ms >= SLOW_REQUEST_MS ? 40 : (e.level ?? 30);
        out(`${clock(e.time)} ${levelOf(level)} ${req?.method ?? ''} ${req?.url ?? ''} → ${status} in ${ms} ms\n`);
        return;
      }
      const extra = Object.entries(e)
        .filter(([k]) => !SKIP.has(k))
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
      const err = e.err ? ` — ${e.err.stack ?? e.err.message ?? ''}` : '';
      out(`${clock(e.time)} ${levelOf(e.level)} ${e.msg ?? ''}${extra.length ? `  ${extra.join(' ')}` : ''}${err}\n`);
    },
  };
};

/** Whether the log should be the terminal's: `LOG_FORMAT=auto` decides by whether stdout is one. */
export const usesTerminalLog = (format: 'auto' | 'json' | 'pretty', isTTY = Boolean(process.stdout.isTTY)): boolean =>
  format === 'pretty' || (format === 'auto' && isTTY);
