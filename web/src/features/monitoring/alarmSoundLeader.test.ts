import { describe, expect, it } from 'vitest';
import { electLeader, PEER_TIMEOUT_MS, peersAfter, type SoundPeer } from './alarmSoundLeader.ts';

const self = { id: 'tab-b', since: 200 };
const table = (...messages: Parameters<typeof peersAfter>[1][]) =>
  messages.reduce((peers, m) => peersAfter(peers, m, 1000), new Map<string, SoundPeer>());

describe('the sound leader election', () => {
  it('alone, a tab leads', () => {
    expect(electLeader(self, new Map(), 1000)).toBe('tab-b');
  });
  it('the tab that enabled sound first leads; the others agree', () => {
    const peers = table({ type: 'hello', id: 'tab-a', since: 100 }, { type: 'heartbeat', id: 'tab-c', since: 300 });
    expect(electLeader(self, peers, 1000)).toBe('tab-a');
    // tab-c computes the same answer from its own view
    const fromC = table({ type: 'heartbeat', id: 'tab-a', since: 100 }, { type: 'heartbeat', id: 'tab-b', since: 200 });
    expect(electLeader({ id: 'tab-c', since: 300 }, fromC, 1000)).toBe('tab-a');
  });
  it('a tie goes to the smaller id', () => {
    expect(electLeader({ id: 'b', since: 5 }, table({ type: 'hello', id: 'a', since: 5 }), 1000)).toBe('a');
  });
  it('the leader closing (bye) hands over at once', () => {
    const peers = table({ type: 'hello', id: 'tab-a', since: 100 }, { type: 'bye', id: 'tab-a' });
    expect(electLeader(self, peers, 1000)).toBe('tab-b');
  });
  it('a leader not heard from for the timeout (a crashed tab) is passed over', () => {
    const peers = table({ type: 'hello', id: 'tab-a', since: 100 });
    expect(electLeader(self, peers, 1000 + PEER_TIMEOUT_MS)).toBe('tab-a');
    expect(electLeader(self, peers, 1001 + PEER_TIMEOUT_MS)).toBe('tab-b');
  });
  it('a silence message does not change the table', () => {
    expect(table({ type: 'silence', keys: ['1@x'] }).size).toBe(0);
  });
});
