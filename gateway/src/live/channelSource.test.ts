import { describe, expect, it } from 'vitest';
import type { UpstreamAnswer, UpstreamClient, UpstreamGetOptions } from '../edge/upstreamClient.ts';
import { ChannelSource, toCollection } from './channelSource.ts';
import { TOPIC_DEFS } from './topics.ts';

type Call = { path: string } & UpstreamGetOptions;
/** An upstream answering from a queue per path (the last answer repeats), recording each call. */
const fakeUpstream = (answers: Record<string, UpstreamAnswer[]>) => {
  const calls: Call[] = [];
  const client: UpstreamClient = {
    get: async (path, opts = {}) => {
      calls.push({ path, ...opts });
      const queue = answers[path] ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      return next ?? { status: 404, etag: null, body: null };
    },
  };
  return { client, calls };
};
const ok = (datas: unknown, etag: string | null = null): UpstreamAnswer => ({
  status: 200,
  etag,
  body: { resp_code: 0, resp_msg: 'ok', datas },
});
const status = (s: number): UpstreamAnswer => ({ status: s, etag: null, body: null });

const alarmsDef = TOPIC_DEFS.find((d) => d.topic === 'alarms');
const boardDef = TOPIC_DEFS.find((d) => d.topic === 'devices.status');
if (!alarmsDef || !boardDef) throw new Error('topics missing');
const FEED = '/api-workbench/monitoring/alarms/feed';
const LIST = '/api-workbench/monitoring/alarms';
const BOARD = '/api-workbench/monitoring/statusBoard';
const a = (id: number, active = true, acknowledged = false) => ({ id, active, acknowledged });

describe('ChannelSource with a since feed', () => {
  it('reads the live set, then passes the cursor back and turns changes into upserts and removes', async () => {
    const { client, calls } = fakeUpstream({
      [FEED]: [
        ok({ items: [a(1), a(2), a(9, false, true)], cursor: 'c1', reset: true }),
        ok({ items: [a(3), a(1, false, true), a(2), a(8, false, true)], cursor: 'c2', reset: false }),
      ],
    });
    const source = new ChannelSource(client, alarmsDef.source, { areaId: 4 });
    const first = await source.snapshot('tok');
    expect(first).toEqual({ status: 'ok', items: [a(1), a(2)] }); // not live: left out
    const changes = await source.poll('tok', toCollection(first.status === 'ok' ? first.items : []));
    // 3 is new; 1 left the live set; 2 came back unchanged (no upsert); 8 was never held (no remove)
    expect(changes).toEqual({ status: 'ok', changes: { upserts: [a(3)], removes: [1] } });
    expect(calls.map((c) => c.query)).toEqual([{ areaId: 4 }, { areaId: 4, since: 'c1' }]);
    expect(calls.every((c) => c.token === 'tok')).toBe(true);
  });

  it('diffs a reset answer against what it holds', async () => {
    const { client } = fakeUpstream({
      [FEED]: [
        ok({ items: [a(1), a(2)], cursor: 'c1', reset: true }),
        ok({ items: [a(2), a(3)], cursor: 'c9', reset: true }),
      ],
    });
    const source = new ChannelSource(client, alarmsDef.source, {});
    await source.snapshot('tok');
    expect(await source.poll('tok', toCollection([a(1), a(2)]))).toEqual({
      status: 'ok',
      changes: { upserts: [a(3)], removes: [1] },
    });
  });

  it('falls back to paging the list and diffing when the upstream has no feed (404)', async () => {
    const page1 = Array.from({ length: 200 }, (_, i) => a(i + 1));
    const { client, calls } = fakeUpstream({
      [FEED]: [status(404)],
      [LIST]: [
        { status: 200, etag: null, body: { code: 0, msg: 'ok', count: 201, data: page1 } },
        { status: 200, etag: null, body: { code: 0, msg: 'ok', count: 201, data: [a(201)] } },
      ],
    });
    const source = new ChannelSource(client, alarmsDef.source, {});
    const read = await source.snapshot('tok');
    expect(read.status === 'ok' && read.items.length).toBe(201);
    expect(calls.filter((c) => c.path === LIST).map((c) => c.query)).toEqual([
      { page: 1, limit: 200 },
      { page: 2, limit: 200 },
    ]);
    // from now on the feed is not asked again
    await source.poll('tok', toCollection(read.status === 'ok' ? read.items : []));
    expect(calls.filter((c) => c.path === FEED)).toHaveLength(1);
  });
});

describe('ChannelSource with ETags', () => {
  it('sends the last ETag; 304 is no change, a new answer is diffed', async () => {
    const cell = (id: string, online: number) => ({ id, online });
    const { client, calls } = fakeUpstream({
      [BOARD]: [ok([cell('m:1', 5)], '"a"'), status(304), ok([cell('m:1', 4), cell('m:2', 1)], '"b"')],
    });
    const source = new ChannelSource(client, boardDef.source, {});
    const first = await source.snapshot('tok');
    const held = toCollection(first.status === 'ok' ? first.items : []);
    expect(await source.poll('tok', held)).toEqual({ status: 'ok', changes: { upserts: [], removes: [] } });
    expect(await source.poll('tok', held)).toEqual({
      status: 'ok',
      changes: { upserts: [cell('m:1', 4), cell('m:2', 1)], removes: [] },
    });
    expect(calls.map((c) => c.ifNoneMatch)).toEqual([undefined, '"a"', '"a"']);
  });

  it.each([
    [401, { status: 'refused', code: 401 }],
    [403, { status: 'refused', code: 403 }],
    [502, { status: 'failed', reason: 'upstreamDown' }],
    [503, { status: 'failed', reason: 'upstreamDown' }],
    [504, { status: 'failed', reason: 'upstreamTimeout' }],
    [404, { status: 'failed', reason: 'upstreamError' }],
  ])('maps HTTP %i to %j', async (code, expected) => {
    const source = new ChannelSource(fakeUpstream({ [BOARD]: [status(code)] }).client, boardDef.source, {});
    expect(await source.snapshot('tok')).toEqual(expected);
    expect(await source.poll('tok', new Map())).toEqual(expected);
  });

  it('treats a body that is not a list (or reports a failure) as an upstream error', async () => {
    const source = new ChannelSource(
      fakeUpstream({ [BOARD]: [{ status: 200, etag: null, body: { resp_code: 1, datas: [] } }] }).client,
      boardDef.source,
      {},
    );
    expect(await source.snapshot('tok')).toEqual({ status: 'failed', reason: 'upstreamError' });
  });

  it('probes with another token without touching the poll state', async () => {
    const { client, calls } = fakeUpstream({ [BOARD]: [ok([], '"a"'), status(403)] });
    const source = new ChannelSource(client, boardDef.source, {});
    await source.snapshot('mine');
    expect(await source.probe('theirs')).toEqual({ status: 'refused', code: 403 });
    expect(calls[1]).toMatchObject({ token: 'theirs', ifNoneMatch: '"a"' });
  });
});
