import { describe, expect, it } from 'vitest';
import { HandshakeCache } from './handshakeCache.ts';

/** A lookup that answers from `verdicts` (ok unless told) and counts its calls. */
const lookupOf = (verdicts: Record<string, string> = {}) => {
  const calls: string[] = [];
  const lookup = async (token: string) => {
    calls.push(token);
    const status = verdicts[token] ?? 'ok';
    if (status === 'throw') throw new Error('upstream down');
    return status === 'ok' ? { status: 'ok' as const, principal: { token } } : { status };
  };
  return { calls, lookup };
};

describe('HandshakeCache', () => {
  it('asks once for concurrent and repeated handshakes of a token within the time to live, then again', async () => {
    let now = 0;
    const { calls, lookup } = lookupOf();
    const cache = new HandshakeCache(lookup, 5_000, () => now);
    const answers = await Promise.all([cache.get('a'), cache.get('a'), cache.get('b')]);
    expect(answers.map((a) => a.status)).toEqual(['ok', 'ok', 'ok']);
    now = 4_999;
    await cache.get('a');
    expect(calls).toEqual(['a', 'b']);
    now = 5_000;
    await cache.get('a');
    expect(calls).toEqual(['a', 'b', 'a']);
  });

  it('never remembers a refusal or a failure, and forgets a dropped token', async () => {
    const verdicts: Record<string, string> = { dead: 'refused', flaky: 'throw' };
    const { calls, lookup } = lookupOf(verdicts);
    const cache = new HandshakeCache(lookup, 5_000, () => 0);
    expect((await cache.get('dead')).status).toBe('refused');
    expect((await cache.get('dead')).status).toBe('refused');
    await expect(cache.get('flaky')).rejects.toThrow('upstream down');
    verdicts.flaky = 'ok';
    expect((await cache.get('flaky')).status).toBe('ok');
    await cache.get('x');
    cache.drop('x');
    await cache.get('x');
    expect(calls).toEqual(['dead', 'dead', 'flaky', 'flaky', 'x', 'x']);
    expect(cache.size).toBe(2); // flaky and x, both accepted
  });

  it('asks every time with a time to live of 0', async () => {
    const { calls, lookup } = lookupOf();
    const cache = new HandshakeCache(lookup, 0);
    await cache.get('a');
    await cache.get('a');
    expect(calls).toEqual(['a', 'a']);
  });
});
