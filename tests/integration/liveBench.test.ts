// The live benchmark's own parts (tests/bench/live*.ts) that could be wrong without anyone noticing, since the bench
// only prints figures: the bytes of the protocol computation, and the raw-protocol client fleet, here against a real
// Socket.IO server in this process (auth in the handshake, an acknowledged subscribe, events and pings counted as
// the frames they arrive in). No gateway, no database: a second or two.
import { createServer, type Server as HttpServer } from 'node:http';
import { LIVE_PATH } from '@waterops/shared/live';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventBytes, protocolBytes, syntheticAlarm } from '../bench/liveBytes.ts';
import { closeFleet, frameHeaderBytes, LiveClient, type LiveEvent, openFleet } from '../bench/liveClients.ts';

describe('protocol bytes', () => {
  it('sizes an event as its Socket.IO packet in UTF-8 plus the frame header', () => {
    const data = { topic: 'alarms', areaName: '幸福小区' };
    const text = `42${JSON.stringify(['patch', data])}`;
    // the Chinese characters take three bytes each, not one
    expect(eventBytes('patch', data)).toBe(Buffer.byteLength(text) + 2);
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect([frameHeaderBytes(125), frameHeaderBytes(126), frameHeaderBytes(65_535), frameHeaderBytes(65_536)]).toEqual([
      2, 4, 4, 10,
    ]);
  });

  it('pushes only the changed alarms: patches of 1 % are about a hundredth of the snapshots', () => {
    const p = protocolBytes(1_000, 0.01, 5);
    expect(p.changedPerPoll).toBe(10);
    expect(p.snapshotBytes).toBe(
      eventBytes('snapshot', {
        topic: 'alarms',
        key: 'alarms',
        seq: 1,
        items: Array.from({ length: 1_000 }, (_, i) => syntheticAlarm(i)),
      }),
    );
    // a patch carries 10 whole alarms; a snapshot 1,000
    expect(p.ratio).toBeGreaterThan(0.008);
    expect(p.ratio).toBeLessThan(0.02);
    // every poll changed a different alarm set: 5 patches of 10 alarms cost more than one patch of 10
    expect(p.patchBytes).toBeGreaterThan(
      4 * eventBytes('patch', { upserts: Array.from({ length: 10 }, (_, i) => syntheticAlarm(i)) }),
    );
  });

  it('counts a whole patch per changed alarm, so all alarms changing cost about a snapshot', () => {
    const p = protocolBytes(200, 1, 1);
    expect(p.ratio).toBeGreaterThan(0.9);
    expect(p.ratio).toBeLessThan(1.1);
  });
});

describe('raw protocol clients', () => {
  let http: HttpServer;
  let io: Server;
  let url = '';

  beforeAll(async () => {
    http = createServer();
    io = new Server(http, { path: LIVE_PATH });
    io.use((socket, next) => (socket.handshake.auth.token === 'good' ? next() : next(new Error('bad token'))));
    io.on('connection', (socket) => {
      socket.on('subscribe', (request: { topic: string }, ack: (a: unknown) => void) => {
        socket.join(request.topic);
        ack({ ok: true, key: request.topic });
        socket.emit('snapshot', { topic: request.topic, key: request.topic, seq: 1, items: [{ id: 1, name: '表' }] });
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    io.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('connect with the token, subscribe with an acknowledgement, and receive events counted as frames', async () => {
    const events: LiveEvent[] = [];
    const clients = await openFleet(url, 'good', 3, { parse: true, onEvent: (_c, e) => events.push(e) });
    try {
      expect(io.engine.clientsCount).toBe(3);
      const answers = await Promise.all(clients.map((c) => c.subscribe({ topic: 'alarms' })));
      expect(answers).toEqual([
        { ok: true, key: 'alarms' },
        { ok: true, key: 'alarms' },
        { ok: true, key: 'alarms' },
      ]);
      io.to('alarms').emit('patch', { topic: 'alarms', key: 'alarms', seq: 2, upserts: [], removes: [7] });
      await expect.poll(() => events.filter((e) => e.name === 'patch').length).toBe(3);
      const patch = events.find((e) => e.name === 'patch');
      expect(patch?.data).toEqual({ topic: 'alarms', key: 'alarms', seq: 2, upserts: [], removes: [7] });
      expect(patch?.bytes).toBe(eventBytes('patch', patch?.data));
      const stats = clients[0]?.stats;
      expect(stats?.events.get('snapshot')?.count).toBe(1);
      expect(stats?.events.get('patch')?.bytes).toBe(patch?.bytes);
      // open, connect, ack, snapshot, patch: five frames
      expect(stats?.frames).toBe(5);
    } finally {
      await closeFleet(clients);
    }
  });

  it('answers the server ping, so a quiet client stays connected', async () => {
    const fast = new Server({ path: LIVE_PATH, pingInterval: 50, pingTimeout: 100 });
    const server = createServer();
    fast.attach(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const client = await LiveClient.open(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      'x',
      0,
    );
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(fast.engine.clientsCount).toBe(1);
      expect(client.stats.frames).toBeGreaterThan(4);
    } finally {
      await client.close();
      fast.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rejects when the server refuses the token', async () => {
    await expect(LiveClient.open(url, 'bad', 0)).rejects.toThrow(/bad token/);
  });
});
