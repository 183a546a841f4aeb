// The terminal log: quiet about requests that went well, one readable line for the rest.
import { describe, expect, it } from 'vitest';
import { SLOW_REQUEST_MS, terminalLogStream, usesTerminalLog } from './terminalLog.ts';

const at = new Date(2026, 10, 27, 9, 5, 7).getTime();
const printed = (lines: object[]) => {
  const out: string[] = [];
  const stream = terminalLogStream((line) => out.push(line));
  for (const l of lines) stream.write(`${JSON.stringify({ time: at, pid: 1, hostname: 'h', ...l })}\n`);
  return out;
};
const request = (reqId: string, method: string, url: string, statusCode: number, responseTime: number) => [
  { level: 30, reqId, req: { method, url }, msg: 'incoming request' },
  { level: 30, reqId, res: { statusCode }, responseTime, msg: 'request completed' },
];

describe('terminal log', () => {
  it('prints nothing for a request that succeeded in good time, one line for a failed or slow one', () => {
    expect(printed(request('r1', 'POST', '/api-workbench/ingest/readings', 200, 93.6))).toEqual([]);
    expect(printed(request('r2', 'GET', '/api-business/workorder/42', 404, 4.2))).toEqual([
      '09:05:07 WARN  GET /api-business/workorder/42 → 404 in 4 ms\n',
    ]);
    expect(printed(request('r3', 'GET', '/api-workbench/dma/balance', 200, SLOW_REQUEST_MS + 200))).toEqual([
      `09:05:07 WARN  GET /api-workbench/dma/balance → 200 in ${SLOW_REQUEST_MS + 200} ms\n`,
    ]);
    expect(printed(request('r4', 'POST', '/x', 500, 3))[0]).toMatch(/^09:05:07 ERROR POST \/x → 500 in 3 ms/);
  });

  it('prints a message with its level, its own fields and an error’s stack', () => {
    expect(printed([{ level: 30, msg: 'city simulator: history backfilled', simulator: true }])).toEqual([
      '09:05:07 INFO  city simulator: history backfilled  simulator=true\n',
    ]);
    const [line] = printed([
      { level: 50, msg: 'job failed', job: 'nightFlow', err: { message: 'boom', stack: 'Error: boom\n    at x' } },
    ]);
    expect(line).toBe('09:05:07 ERROR job failed  job=nightFlow — Error: boom\n    at x\n');
  });

  it('passes a line that is not JSON through', () => {
    const out: string[] = [];
    terminalLogStream((l) => out.push(l)).write('plain text\n');
    expect(out).toEqual(['plain text\n']);
  });

  it('is used on a terminal when the format is auto, always when pretty, never when json', () => {
    expect(usesTerminalLog('auto', true)).toBe(true);
    expect(usesTerminalLog('auto', false)).toBe(false);
    expect(usesTerminalLog('pretty', false)).toBe(true);
    expect(usesTerminalLog('json', true)).toBe(false);
  });
});
