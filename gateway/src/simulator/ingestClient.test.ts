import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IngestClient, IngestError } from './ingestClient.ts';

/** A tiny server answering each request with the next scripted [status, body]; it records what it was sent. */
const serve = async (script: [number, unknown][]) => {
  const seen: { url: string; auth: string; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', body });
      const [status, reply] = script.shift() ?? [500, {}];
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
};
const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: 'success', datas });

describe('IngestClient', () => {
  it('signs with the device key and retries a 503 until the server answers', async () => {
    const { url, seen } = await serve([
      [503, {}],
      [503, {}],
      [200, ok({ meters: 3, lastReadingAt: null, serverTime: '2026-11-23T00:00:00Z' })],
    ]);
    const client = new IngestClient({ baseUrl: url, key: 'wo_secret', backoffMs: 1 });
    expect((await client.status()).meters).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.url === '/api-workbench/ingest/status' && s.auth === 'Device wo_secret')).toBe(true);
  });

  it('does not retry a refusal: a bad key is an error at once', async () => {
    const { url, seen } = await serve([[401, { resp_code: 401, resp_msg: '接入密钥无效' }]]);
    const client = new IngestClient({ baseUrl: url, key: 'wrong', backoffMs: 1 });
    await expect(client.readings({ readings: [] })).rejects.toThrow(IngestError);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ readings: [] });
  });

  it('stops retrying when it is aborted (the simulator stopping while the server is away)', async () => {
    const { url } = await serve([]);
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
    const stop = new AbortController();
    // a backoff far longer than the test may run: only the abort can end the call
    const client = new IngestClient({ baseUrl: url, key: 'k', attempts: 10, backoffMs: 600_000, signal: stop.signal });
    const call = client.status();
    setTimeout(() => stop.abort(), 20);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('gives up after its attempts when nobody listens', async () => {
    const { url } = await serve([]);
    for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
    const client = new IngestClient({ baseUrl: url, key: 'k', attempts: 3, backoffMs: 1 });
    await expect(client.commands()).rejects.toThrow();
  });
});
