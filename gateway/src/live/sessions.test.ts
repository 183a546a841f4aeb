import { describe, expect, it, vi } from 'vitest';
import { LiveSessions, type SessionSocket } from './sessions.ts';

const socket = (id: string) => {
  const seen: string[] = [];
  const s: SessionSocket & { seen: string[] } = {
    id,
    seen,
    emit: (event, payload) => seen.push(`${event}:${payload.reason}`),
    disconnect: () => seen.push('disconnect'),
  };
  return s;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LiveSessions', () => {
  it('ends every socket of a token (sessionEnded, then disconnect) and no other', () => {
    const sessions = new LiveSessions();
    const [a, b, c] = [socket('a'), socket('b'), socket('c')];
    sessions.add('t1', a);
    sessions.add('t1', b);
    sessions.add('t2', c);
    sessions.end('t1');
    expect(a.seen).toEqual(['sessionEnded:revoked', 'disconnect']);
    expect(b.seen).toEqual(['sessionEnded:revoked', 'disconnect']);
    expect(c.seen).toEqual([]);
    expect(sessions.tokenCount).toBe(1);
  });

  it('checks each distinct token once per round and ends the dead ones', async () => {
    const sessions = new LiveSessions();
    const [a, b, c] = [socket('a'), socket('b'), socket('c')];
    sessions.add('live', a);
    sessions.add('live', b);
    sessions.add('dead', c);
    const checked: string[] = [];
    sessions.startChecks(
      20,
      async (token) => {
        checked.push(token);
        return token === 'dead' ? 'dead' : 'ok';
      },
      () => {},
    );
    // rounds until the live token was checked twice (a fixed sleep saw one round on a loaded CI machine)
    await vi.waitFor(() => expect(checked.filter((t) => t === 'live').length).toBeGreaterThanOrEqual(2), {
      timeout: 5_000,
    });
    sessions.stopChecks();
    expect(c.seen).toEqual(['sessionEnded:revoked', 'disconnect']);
    expect(a.seen).toEqual([]);
    expect(checked.filter((t) => t === 'dead')).toEqual(['dead']); // gone after its first check
    expect(checked.filter((t) => t === 'live').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a session whose check cannot be answered (upstream down)', async () => {
    const sessions = new LiveSessions();
    const a = socket('a');
    sessions.add('t', a);
    sessions.startChecks(
      10,
      async () => 'unknown',
      () => {},
    );
    await sleep(40);
    sessions.stopChecks();
    expect(a.seen).toEqual([]);
    sessions.remove('t', a);
    expect(sessions.tokenCount).toBe(0);
  });
});
