import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createUpstreamClient } from './upstreamClient.ts';

// One config for both paths: /api-user proxied to a remote upstream with a base path, everything else embedded.
const config = loadConfig({ UPSTREAM_API_USER: 'http://users.example:9000/legacy/', UPSTREAM_TIMEOUT_MS: '1000' });

type Injected = { method: string; url: string; headers: Record<string, string> };
const fakeApp = (answer: () => { statusCode: number; headers: Record<string, string>; body: string }) => {
  const calls: Injected[] = [];
  return {
    calls,
    inject: vi.fn(async (req: Injected) => {
      calls.push(req);
      return answer();
    }),
  };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createUpstreamClient', () => {
  it('calls an embedded prefix in-process with the token, query, If-None-Match and language', async () => {
    const app = fakeApp(() => ({ statusCode: 200, headers: { etag: '"t1"' }, body: '{"resp_code":0,"datas":[1]}' }));
    const client = createUpstreamClient(app as never, config);
    const answer = await client.get('/api-workbench/monitoring/alarms/feed', {
      token: 'tok',
      query: { since: '42', areaId: 3 },
      ifNoneMatch: '"t0"',
      acceptLanguage: 'en',
    });
    expect(answer).toEqual({ status: 200, etag: '"t1"', body: { resp_code: 0, datas: [1] } });
    expect(app.calls[0]).toEqual({
      method: 'GET',
      url: '/api-workbench/monitoring/alarms/feed?since=42&areaId=3',
      headers: {
        accept: 'application/json',
        'x-waterops-live-call': '1',
        authorization: 'bearer tok',
        'if-none-match': '"t0"',
        'accept-language': 'en',
      },
    });
  });

  it('answers 502 when the in-process call itself throws (the app is closing)', async () => {
    const app = {
      inject: async () => {
        throw new Error('closed');
      },
    };
    expect(await createUpstreamClient(app as never, config).get('/api-business/notice/showNotice')).toEqual({
      status: 502,
      etag: null,
      body: null,
    });
  });

  it('fetches a proxied prefix from its upstream, behind the upstream’s base path; a 304 has no body', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 304, headers: { etag: '"same"' } }));
    vi.stubGlobal('fetch', fetchMock);
    const app = fakeApp(() => ({ statusCode: 500, headers: {}, body: '' }));
    const answer = await createUpstreamClient(app as never, config).get('/api-user/users/current', {
      token: 'tok',
      ifNoneMatch: '"same"',
    });
    expect(answer).toEqual({ status: 304, etag: '"same"', body: null });
    expect(app.calls).toEqual([]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://users.example:9000/legacy/api-user/users/current');
    expect(init.headers).toMatchObject({ authorization: 'bearer tok', 'if-none-match': '"same"' });
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('turns a network failure into 502 and a timeout into 504, like the proxy', async () => {
    const client = createUpstreamClient(fakeApp(() => ({ statusCode: 200, headers: {}, body: '' })) as never, config);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) });
    });
    expect((await client.get('/api-user/users/current')).status).toBe(502);
    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    });
    expect((await client.get('/api-user/users/current')).status).toBe(504);
  });

  it('keeps a body that is not JSON as null and refuses a path outside every API prefix', async () => {
    const app = fakeApp(() => ({ statusCode: 200, headers: {}, body: '<html>' }));
    const client = createUpstreamClient(app as never, config);
    expect((await client.get('/api-business/x')).body).toBeNull();
    await expect(client.get('/elsewhere/x')).rejects.toThrow(/no route/);
  });
});
