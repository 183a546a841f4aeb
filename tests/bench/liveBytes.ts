// Figure 2 of the live benchmark computed against the protocol alone (no server): a topic of N alarms, a fraction
// of them changing per poll, each poll's patch made by diffCollections (shared/src/live: the snapshot-diff fallback
// every poller can use) and sized the way Socket.IO puts it on the wire — `42["patch",{…}]` as UTF-8 in one
// WebSocket frame — next to the full snapshot a push-everything design would send for the same poll. Pure and
// deterministic, so it is unit-tested (tests/integration/liveBench.test.ts); the end-to-end figure measures frames.

import { diffCollections, type PatchEvent, type SnapshotEvent, TOPICS } from '@waterops/shared/live';
import { ALARM_LEVELS, ALARM_TYPES, type Alarm } from '@waterops/shared/monitoring';
import { frameHeaderBytes } from './liveClients.ts';

/** Bytes on the wire of one Socket.IO event: the packet text as UTF-8 plus the WebSocket frame header. */
export const eventBytes = (name: string, data: unknown): number => {
  const payload = Buffer.byteLength(`42${JSON.stringify([name, data])}`);
  return payload + frameHeaderBytes(payload);
};

const BASE = Date.parse('2026-11-25T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A plausible live alarm: a meter's, in a named area (Chinese names: UTF-8 bytes count), one in five acknowledged. */
export const syntheticAlarm = (i: number): Alarm => {
  const acknowledged = i % 5 === 0;
  const raisedAt = iso(BASE - i * 37_000);
  return {
    id: i + 1,
    alarmType: ALARM_TYPES[i % 5] as Alarm['alarmType'],
    level: ALARM_LEVELS[i % 20 === 0 ? 0 : i % 7 === 0 ? 1 : i % 3 === 0 ? 3 : 2] as Alarm['level'],
    sourceKind: 'meter',
    sourceId: 100_000 + i,
    sourceCode: `WM${String(Math.floor(i / 10_000)).padStart(4, '0')}${String(i % 10_000).padStart(6, '0')}`,
    areaId: 1 + (i % 100),
    areaName: `幸福小区${1 + (i % 100)}期`,
    value: 3.1 + (i % 3) / 10,
    threshold: 3.4,
    active: true,
    acknowledged,
    shelvedUntil: null,
    shelveReason: null,
    shelvedBy: null,
    parentId: null,
    suppressed: false,
    childCount: 0,
    raisedAt,
    clearedAt: null,
    ackAt: acknowledged ? raisedAt : null,
    ackBy: acknowledged ? 'operator' : null,
    ackComment: acknowledged ? '已派单检修' : null,
    updateTime: raisedAt,
  };
};

/** What an operator does to one alarm in a poll: acknowledges it with a comment (or it returns to normal). */
const changed = (a: Alarm, poll: number): Alarm => {
  const at = iso(BASE + (poll + 1) * 5_000);
  return a.acknowledged
    ? { ...a, active: false, clearedAt: at, updateTime: at }
    : { ...a, acknowledged: true, ackAt: at, ackBy: 'admin', ackComment: '现场确认', updateTime: at };
};

export type ProtocolBytes = {
  alarms: number;
  changedPerPoll: number;
  polls: number;
  snapshotBytes: number;
  patchBytes: number;
  /** what sending a full snapshot at each of those polls would have cost */
  snapshotsBytes: number;
  ratio: number;
};

/**
 * `polls` polls over a topic of `alarms` alarms, `fraction` of them changed per poll (different ones each poll);
 * the bytes of the patches pushed against the bytes of a full snapshot per poll.
 */
export const protocolBytes = (alarms: number, fraction: number, polls: number): ProtocolBytes => {
  const key = TOPICS.alarms;
  let state = new Map(Array.from({ length: alarms }, (_, i) => [i + 1, syntheticAlarm(i)] as [number, Alarm]));
  const snapshot: SnapshotEvent<Alarm> = { topic: TOPICS.alarms, key, seq: 1, items: [...state.values()] };
  const snapshotBytes = eventBytes('snapshot', snapshot);
  const changedPerPoll = Math.max(1, Math.round(alarms * fraction));
  let patchBytes = 0;
  let snapshotsBytes = 0;
  for (let poll = 0; poll < polls; poll++) {
    const next = new Map(state);
    // spread over the topic, a different slice each poll
    for (let k = 0; k < changedPerPoll; k++) {
      const id = ((poll * changedPerPoll + k) * 7919) % alarms;
      const alarm = next.get(id + 1) as Alarm;
      next.set(id + 1, changed(alarm, poll));
    }
    const diff = diffCollections(state, next);
    const patch: PatchEvent<Alarm> = { topic: TOPICS.alarms, key, seq: poll + 2, ...diff };
    patchBytes += eventBytes('patch', patch);
    snapshotsBytes += eventBytes('snapshot', { ...snapshot, seq: poll + 2, items: [...next.values()] });
    state = next;
  }
  return {
    alarms,
    changedPerPoll,
    polls,
    snapshotBytes,
    patchBytes,
    snapshotsBytes,
    ratio: snapshotsBytes ? Math.round((patchBytes / snapshotsBytes) * 10_000) / 10_000 : 0,
  };
};
