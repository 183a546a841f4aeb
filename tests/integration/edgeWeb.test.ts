// The edge's own pages over real HTTP: health probes, the built web app (from a temporary dist folder) with its
// cache headers and hash-route fallback, the JSON 404 for unknown API paths, and the OpenAPI docs. The web and docs
// tests run the composed app (role all, as app.ts wires it); the probes run the plugin with a ready() we control.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { health } from '@waterops/gateway/src/edge/health.ts';
import { translate } from '@waterops/shared/i18n';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../fixtures/testApp.ts';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/index-abc123.js"></script></body></html>';
const SCRIPT = 'console.log("waterops");';

/** A GET that sends the path exactly as written (fetch would normalize dot segments away). */
const rawGet = (base: string, path: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, headers: { accept: '*/*' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** A GET with exactly these headers, body left as sent (fetch would decompress it and hide Content-Encoding). */
const getAsSent = (
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = request({ hostname, port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

/** A script over the 1 KB threshold, and the build's compressed copies of it (marked, to tell them from ones made per request). */
const BIG_SCRIPT = `console.log(${JSON.stringify('water '.repeat(400))});`;
const BIG_SCRIPT_BR = `/* br */${BIG_SCRIPT}`;
const BIG_SCRIPT_GZ = `/* gz */${BIG_SCRIPT}`;

const listen = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** The health plugin alone, behind a ready() the test decides. */
const startHealth = async (ready: () => Promise<boolean>) => {
  const app = Fastify({ logger: false });
  await app.register(health, { ready });
  return { app, url: await listen(app) };
};

/** The composed app in role `all` on an in-memory database, serving the web app from `distDir`. */
const startEdge = async (distDir: string) => {
  const t = await startTestApp({ env: { WEB_DIST_DIR: distDir } });
  return { t, url: await listen(t.app) };
};

describe('health probes', () => {
  let readyAnswer: () => Promise<boolean> = async () => true;
  let edge: { app: FastifyInstance; url: string };

  beforeAll(async () => {
    edge = await startHealth(() => readyAnswer());
  });
  afterAll(async () => {
    await edge?.app.close();
  });

  it('/healthz answers ok while the process lives', async () => {
    const res = await fetch(`${edge.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when ready() says yes', async () => {
    readyAnswer = async () => true;
    const res = await fetch(`${edge.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it.each([
    ['says no', async () => false],
    ['throws', async () => Promise.reject(new Error('database closed'))],
    ['does not answer within 2 s', () => new Promise<boolean>((r) => setTimeout(() => r(true), 5_000))],
  ])('/readyz answers 503 when ready() %s', async (_case, answer) => {
    readyAnswer = answer;
    const res = await fetch(`${edge.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable' });
  });
});

describe('static web app', () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  let dist: string;

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'wo-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), INDEX);
    await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(join(dist, 'assets', 'big-abc123.js'), BIG_SCRIPT);
    await writeFile(join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_SCRIPT_BR));
    await writeFile(join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_SCRIPT_GZ));
    edge = await startEdge(dist);
  });
  afterAll(async () => {
    await edge?.t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and tells caches to revalidate it', async () => {
    const res = await fetch(`${edge.url}/`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toBe(INDEX);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await fetch(`${edge.url}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe(SCRIPT);
  });

  it('serves other files at the top of dist without the immutable cache', async () => {
    const res = await fetch(`${edge.url}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a browser asking for any other page with the app (the client routes by hash)', async () => {
    const res = await fetch(`${edge.url}/alarms/console?x=1`, {
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it('answers a missing script with a 404, not the app', async () => {
    const res = await fetch(`${edge.url}/assets/gone-999.js`, { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
  });

  it.each(['/../../../../etc/passwd', '/..%2f..%2f..%2f..%2fetc%2fpasswd', '/assets/..%2f..%2f..%2fetc%2fpasswd'])(
    'refuses to leave the dist folder (%s)',
    async (path) => {
      const { status, body } = await rawGet(edge.url, path);
      expect(status).toBe(404);
      expect(body).not.toContain('root:');
    },
  );

  it.each([
    ['zh-CN', undefined],
    ['en', 'en'],
  ] as const)('answers an unknown API path with the JSON 404 in %s, even for a browser', async (locale, header) => {
    const res = await fetch(`${edge.url}/api-x/whatever`, {
      headers: { accept: 'text/html', ...(header ? { 'accept-language': header } : {}) },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ resp_code: 404, resp_msg: translate('errors.routeNotFound', locale) });
  });

  it('leaves real API routes alone, even for a browser', async () => {
    const res = await fetch(`${edge.url}/api-user/users/current`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { resp_code: number }).resp_code).toBe(401);
  });

  it('sends the build’s brotli or gzip copy of a file to a client that accepts it, and the file itself otherwise', async () => {
    const br = await getAsSent(edge.url, '/assets/big-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_SCRIPT_BR);

    const gz = await getAsSent(edge.url, '/assets/big-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_SCRIPT_GZ);

    const plain = await getAsSent(edge.url, '/assets/big-abc123.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_SCRIPT);
  });

  it('compresses API responses of 1 KB or more when asked, and leaves small ones alone', async () => {
    const doc = await getAsSent(edge.url, '/docs/json', { 'accept-encoding': 'br' });
    expect(doc.status).toBe(200);
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.body).toString()).openapi).toMatch(/^3\./);
    const gz = await getAsSent(edge.url, '/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const asIs = await getAsSent(edge.url, '/docs/json', {});
    expect(asIs.headers['content-encoding']).toBeUndefined();
    const small = await getAsSent(edge.url, '/api-user/users/current', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it.each([
    ['the app page', '/', { accept: 'text/html' }, 200],
    ['a static file', '/assets/index-abc123.js', {}, 200],
    ['an API answer', '/api-user/users/current', {}, 401],
    ['an unknown API path', '/api-x/whatever', {}, 404],
  ])('sends the security headers with %s', async (_what, path, headers, status) => {
    const res = await getAsSent(edge.url, path, headers);
    expect(res.status).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // plain HTTP, and no trusted proxy saying otherwise: HSTS would mean nothing here
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers /readyz once the database is open', async () => {
    expect((await fetch(`${edge.url}/readyz`)).status).toBe(200);
  });

  it('serves Swagger UI at /docs and an OpenAPI 3 document built from the route schemas', async () => {
    const page = await fetch(`${edge.url}/docs/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    const doc = (await (await fetch(`${edge.url}/docs/json`)).json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, unknown>;
      security: unknown;
      components: { securitySchemes: Record<string, { scheme: string }> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('WaterOps API');
    expect(doc.components.securitySchemes.bearer?.scheme).toBe('bearer');
    expect(Object.keys(doc.paths)).toContain('/api-user/users/current');
    expect(Object.keys(doc.paths)).toContain('/healthz');
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/docs') || p === '/*')).toBe(false);
    // A public route needs no token in the document; the others inherit the global bearer requirement.
    expect(doc.paths['/healthz']).toMatchObject({ get: { security: [] } });
    expect(doc.security).toEqual([{ bearer: [] }]);
  });
});

describe('static web app not built', () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;

  beforeAll(async () => {
    edge = await startEdge(join(tmpdir(), 'wo-no-such-dist-folder'));
  });
  afterAll(async () => {
    await edge?.t.close();
  });

  it('tells a browser to build the app, in its language', async () => {
    const zh = await fetch(`${edge.url}/`, { headers: { accept: 'text/html' } });
    expect(zh.status).toBe(503);
    expect(await zh.text()).toContain(translate('edge.webNotBuilt', 'zh-CN'));
    const en = await fetch(`${edge.url}/`, { headers: { accept: 'text/html', 'accept-language': 'en' } });
    expect(await en.text()).toContain('npm run build');
  });

  it('still answers unknown API paths with the JSON 404', async () => {
    const res = await fetch(`${edge.url}/api-x/whatever`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { resp_code: number }).resp_code).toBe(404);
  });
});
