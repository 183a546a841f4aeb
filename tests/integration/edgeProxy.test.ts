// The upstream proxy over real loopback HTTP: a second Fastify server plays the utility's back end (it echoes what
// it received, can be slow, answers chosen statuses) and a gateway proxies API prefixes to it.
import { Readable } from 'node:stream';
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import { translate } from '@waterops/shared/i18n';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIG = Buffer.alloc(300 * 1024, 'waterops-');

type Echo = { server: string; method: string; url: string; headers: Record<string, string>; body: string };

/** An upstream that echoes every request; `/api-user/slow` answers after 3 s, `/api-user/status/:code` with that code. */
const startUpstream = async (name: string) => {
  const app = Fastify({ logger: false });
  let hits = 0;
  app.addHook('onRequest', async () => {
    hits++;
  });
  // Keep bodies exactly as sent, so the test sees what the proxy forwarded byte for byte.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.get('/api-user/slow', async () => {
    await new Promise((r) => setTimeout(r, 3_000));
    return { resp_code: 0, resp_msg: 'late', datas: null };
  });
  app.all('/api-user/status/:code', async (request, reply) => {
    const code = Number((request.params as { code: string }).code);
    return reply
      .code(code)
      .header('x-upstream-marker', name)
      .send({ resp_code: code, resp_msg: `from ${name}` });
  });
  // Bodies the proxy must stream rather than buffer: one above its buffering limit, one of unknown length.
  app.get('/api-file/big', async (_request, reply) => reply.type('application/octet-stream').send(BIG));
  app.get('/api-file/chunked', async (_request, reply) =>
    reply.type('text/plain').send(Readable.from(['first,', 'second,', 'third'])),
  );
  app.all(
    '/*',
    async (request): Promise<Echo> => ({
      server: name,
      method: request.method,
      url: request.url,
      headers: request.headers as Record<string, string>,
      body: (request.body as string | undefined) ?? '',
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, hits: () => hits };
};

/**
 * The real gateway (role `gateway`, built by app.ts): every prefix proxied to `upstream`, with per-prefix overrides.
 * Its auth plugin refuses every route not marked public, so passing requests through also proves the proxy's
 * routes carry that mark.
 */
const startGateway = async (upstream: string, timeoutMs: number, overrides: Record<string, string> = {}) => {
  const config = loadConfig({
    WATEROPS_ROLE: 'gateway',
    UPSTREAM_URL: upstream,
    UPSTREAM_TIMEOUT_MS: String(timeoutMs),
    ...overrides,
  });
  const app = buildApp(config, { logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
};

describe('upstream proxy', () => {
  let main: Awaited<ReturnType<typeof startUpstream>>;
  let users: Awaited<ReturnType<typeof startUpstream>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    main = await startUpstream('main');
    users = await startUpstream('users');
    gateway = await startGateway(main.url, 500, { UPSTREAM_API_USER: users.url });
  });
  afterAll(async () => {
    await gateway?.app.close();
    await main?.app.close();
    await users?.app.close();
  });

  it('forwards a GET with the same path, query string, Authorization and Accept-Language, adding X-Forwarded-*', async () => {
    const res = await fetch(`${gateway.url}/api-business/devices?page=2&limit=50&name=%E6%B0%B4`, {
      headers: { authorization: 'bearer abc123', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.status).toBe(200);
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({
      server: 'main',
      method: 'GET',
      url: '/api-business/devices?page=2&limit=50&name=%E6%B0%B4',
    });
    expect(echo.headers.authorization).toBe('bearer abc123');
    expect(echo.headers['accept-language']).toBe('en-US,en;q=0.9');
    expect(echo.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(echo.headers['x-forwarded-proto']).toBe('http');
    expect(echo.headers['x-forwarded-host']).toBe(new URL(gateway.url).host);
    expect(echo.headers.host).toBe(new URL(main.url).host);
  });

  it('forwards a JSON body unchanged', async () => {
    const body = JSON.stringify({ name: '一号泵站', flow: 12.5, tags: ['a', 'b'] });
    const res = await fetch(`${gateway.url}/api-ops/stations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/api-ops/stations' });
    expect(JSON.parse(echo.body)).toEqual(JSON.parse(body));
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it('forwards a form-encoded body unchanged (the sign-in form) without parsing it', async () => {
    const body = 'grant_type=password&username=admin&password=admin%21123';
    const res = await fetch(`${gateway.url}/api-uaa/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: 'Basic d2ViQXBwOndlYkFwcA==' },
      body,
    });
    const echo = (await res.json()) as Echo;
    expect(echo).toMatchObject({ method: 'POST', url: '/api-uaa/oauth/token', body });
    expect(echo.headers.authorization).toBe('Basic d2ViQXBwOndlYkFwcA==');
  });

  it('forwards PUT and DELETE', async () => {
    const put = (await (
      await fetch(`${gateway.url}/api-revenue/prices/7`, { method: 'PUT', body: 'x' })
    ).json()) as Echo;
    const del = (await (await fetch(`${gateway.url}/api-revenue/prices/7`, { method: 'DELETE' })).json()) as Echo;
    expect([put.method, put.url, put.body]).toEqual(['PUT', '/api-revenue/prices/7', 'x']);
    expect([del.method, del.url]).toEqual(['DELETE', '/api-revenue/prices/7']);
  });

  it.each([201, 400, 401, 404, 500, 503])(
    'returns the upstream status %i and body unchanged, without retrying',
    async (code) => {
      const before = users.hits();
      const res = await fetch(`${gateway.url}/api-user/status/${code}`);
      expect(res.status).toBe(code);
      expect(res.headers.get('x-upstream-marker')).toBe('users');
      expect(await res.json()).toEqual({ resp_code: code, resp_msg: 'from users' });
      expect(users.hits() - before).toBe(1);
    },
  );

  it('streams large and unsized bodies through unchanged', async () => {
    const big = await fetch(`${gateway.url}/api-file/big`);
    expect(big.headers.get('content-length')).toBe(String(BIG.length));
    expect(Buffer.from(await big.arrayBuffer()).equals(BIG)).toBe(true);
    const chunked = await fetch(`${gateway.url}/api-file/chunked`);
    expect(await chunked.text()).toBe('first,second,third');
  });

  it('sends a prefix with its own upstream (UPSTREAM_API_USER) there and the others to the default one', async () => {
    const user = (await (await fetch(`${gateway.url}/api-user/users/current`)).json()) as Echo;
    const file = (await (await fetch(`${gateway.url}/api-file/files`)).json()) as Echo;
    expect(user).toMatchObject({ server: 'users', url: '/api-user/users/current' });
    expect(file).toMatchObject({ server: 'main', url: '/api-file/files' });
  });

  it('answers 504 with the localized timeout message when the upstream is slower than the timeout', async () => {
    const zh = await fetch(`${gateway.url}/api-user/slow`);
    expect(zh.status).toBe(504);
    expect(await zh.json()).toEqual({ resp_code: 504, resp_msg: translate('errors.upstreamTimeout', 'zh-CN') });
    const en = await fetch(`${gateway.url}/api-user/slow`, { headers: { 'accept-language': 'en' } });
    expect(await en.json()).toEqual({ resp_code: 504, resp_msg: 'The back-end service timed out' });
  });

  it('does not answer paths outside its prefixes', async () => {
    const res = await fetch(`${gateway.url}/api-userx/users`);
    expect(res.status).toBe(404);
  });
});

describe('upstream proxy with the upstream down', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    // Start an upstream, remember its port, then stop it: connections to that port are now refused.
    const gone = await startUpstream('gone');
    await gone.app.close();
    gateway = await startGateway(gone.url, 30_000);
  });
  afterAll(async () => {
    await gateway?.app.close();
  });

  it('answers 502 with the message in Chinese by default', async () => {
    const res = await fetch(`${gateway.url}/api-user/users/current`, { headers: { authorization: 'bearer x' } });
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ resp_code: 502, resp_msg: '后端接口连接异常' });
  });

  it('answers 502 in English for Accept-Language en, for writes as well', async () => {
    const res = await fetch(`${gateway.url}/api-revenue/bills`, {
      method: 'POST',
      headers: { 'accept-language': 'en', 'content-type': 'application/json' },
      body: '{"amount":100}',
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ resp_code: 502, resp_msg: translate('errors.upstreamDown', 'en') });
  });
});

describe('upstream proxy when the upstream dies and comes back', () => {
  it('answers 502 while it is gone and passes requests again once it listens on the same port', async () => {
    const first = await startUpstream('first');
    const port = Number(new URL(first.url).port);
    const gateway = await startGateway(first.url, 5_000);
    try {
      expect((await fetch(`${gateway.url}/api-ops/x`)).status).toBe(200);
      await first.app.close();
      expect((await fetch(`${gateway.url}/api-ops/x`)).status).toBe(502);
      const again = Fastify({ logger: false });
      again.get('/api-ops/x', async () => ({ back: true }));
      await again.listen({ port, host: '127.0.0.1' });
      try {
        const res = await fetch(`${gateway.url}/api-ops/x`);
        expect(await res.json()).toEqual({ back: true });
      } finally {
        await again.close();
      }
    } finally {
      await gateway.app.close();
    }
  });
});
