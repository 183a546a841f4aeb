// What every route shares, through the composed app: a route cannot be registered without saying who may call it,
// 'admin' passes every permission, errors have one envelope in the caller's language and never leak a stack, the
// request log carries no secrets, and the probes and docs are there.
import { buildApp } from '@waterops/gateway/src/app.ts';
import { loadConfig } from '@waterops/gateway/src/config.ts';
import { auth } from '@waterops/gateway/src/plugins/auth.ts';
import { errors } from '@waterops/gateway/src/plugins/errors.ts';
import { i18n } from '@waterops/gateway/src/plugins/i18n.ts';
import { PERMISSIONS } from '@waterops/shared/auth';
import { translate } from '@waterops/shared/i18n';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUserWithPermissions, demoCompanyId, lang, signIn } from '../fixtures/factories.ts';
import { zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    env: { LOG_LEVEL: 'info' },
    build: { logger: undefined, logStream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await t?.close();
});

/** The cross-cutting plugins alone, for routes made up by a test. */
const bareApp = () => {
  const app = Fastify({ logger: false });
  app.register(i18n);
  app.register(errors);
  app.register(auth, { now: () => new Date() });
  return app;
};

describe('route access declarations', () => {
  it('refuses to start with a route that declares neither a permission nor public', async () => {
    const app = bareApp();
    app.register(async (scope) => {
      scope.get('/api-user/forgotten', async () => ({ open: true }));
    });
    await expect(app.ready()).rejects.toThrow(
      /GET \/api-user\/forgotten declares neither config.permission nor config.public/,
    );
    await app.close().catch(() => undefined);
  });

  it('refuses a route that declares both', async () => {
    const app = bareApp();
    app.register(async (scope) => {
      scope.get('/x', { config: { public: true, permission: PERMISSIONS.admin } }, async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/both a permission and public/);
    await app.close().catch(() => undefined);
  });

  it('lets a holder of only the admin permission through every protected route', async () => {
    const companyId = await demoCompanyId(t.app);
    const onlyAdmin = await createUserWithPermissions(t.app, companyId, ['admin']);
    for (const url of [
      '/api-user/users/current',
      '/api-user/menus/current',
      '/api-user/logs',
      `/api-user/companys/${companyId}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(onlyAdmin.token) });
      expect(res.statusCode, url).toBe(200);
    }
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api-user/users/me',
      headers: bearer(onlyAdmin.token),
      payload: { nickname: '只有admin', mobile: '13512345678' },
    });
    expect(put.json().resp_code).toBe(0);
  });
});

describe('error envelope', () => {
  it('answers unknown API paths with the JSON 404 in the caller’s language', async () => {
    for (const [method, url] of [
      ['GET', '/api-user/no-such-thing'],
      ['POST', '/api-user/no-such-thing'],
      ['DELETE', '/api-workbench/data/area/1'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: lang('en') });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ resp_code: 404, resp_msg: translate('errors.routeNotFound', 'en') });
    }
  });

  it('answers malformed JSON with a 400 envelope, not a framework message', async () => {
    const token = await signIn(t.app, 'admin', 'admin123');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api-user/users/me',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"nickname": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ resp_code: 400, resp_msg: zh('errors.invalidRequest') });
  });

  it('turns an unexpected failure into a 500 that says only "internal error", and logs it', async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (l: string) => void lines.push(l) } } });
    app.register(i18n);
    app.register(errors);
    app.register(async (scope) => {
      scope.get('/boom', { config: { public: true } }, async () => {
        throw new Error('database password is hunter2');
      });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ resp_code: 500, resp_msg: zh('errors.internal') });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toMatch(/\bat .*\.ts/);
    expect(lines.join('\n')).toContain('hunter2');
    await app.close();
  });
});

describe('request log', () => {
  it('logs requests without tokens, passwords or authorization headers', async () => {
    logLines.length = 0;
    const token = await signIn(t.app, 'admin', 'admin123');
    await t.app.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) });
    const log = logLines.join('\n');
    expect(log).toContain('/api-user/users/current');
    expect(log).toContain('/api-uaa/oauth/token');
    expect(log).not.toContain(token);
    expect(log).not.toContain('admin123');
    expect(log).not.toContain(Buffer.from('webApp:webApp').toString('base64'));
    expect(log.toLowerCase()).not.toMatch(/bearer [a-z0-9_-]{20}/);
  });
});

describe('probes and docs', () => {
  it('answers /healthz and /readyz (the database answers)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ok' });
  });

  it('documents every embedded route with its schemas at /docs/json', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api-uaa/oauth/token',
        '/api-uaa/oauth/remove/token',
        '/api-uaa/validata/code',
        '/api-uaa/validata/required',
        '/api-user/users/current',
        '/api-user/menus/current',
        '/api-user/companys/{id}',
        '/api-user/users/me',
        '/api-user/users/password',
        '/api-user/logs',
        '/api-file/files-anon',
        '/api-file/files/{id}',
      ]),
    );
    const logs = doc.paths['/api-user/logs'].get;
    expect(logs.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'username', 'startTime', 'endTime']),
    );
    expect(doc.paths['/api-user/users/password'].put.requestBody).toBeDefined();
  });

  it('serves the API only, without the web app, in role services', async () => {
    const services = buildApp(
      loadConfig({ WATEROPS_DATA_DIR: 'memory://', WATEROPS_ROLE: 'services', LOG_LEVEL: 'silent' }),
      { logger: false },
    );
    try {
      await services.ready();
      const root = await services.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(root.statusCode).toBe(404);
      expect(root.json()).toEqual({ resp_code: 404, resp_msg: zh('errors.routeNotFound') });
      const token = await signIn(services, 'admin', 'admin123');
      expect(
        (await services.inject({ method: 'GET', url: '/api-user/users/current', headers: bearer(token) })).statusCode,
      ).toBe(200);
    } finally {
      await services.close();
    }
    // a cold embedded database (no test template: it is built as main.ts builds it) on a loaded machine
  }, 60_000);

  it('opens no database in role gateway and proxies every prefix (an unreachable upstream answers 502)', async () => {
    const gateway = buildApp(
      loadConfig({ WATEROPS_ROLE: 'gateway', UPSTREAM_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent' }),
      { logger: false },
    );
    try {
      await gateway.ready();
      expect(gateway.hasDecorator('db')).toBe(false);
      expect((await gateway.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      const res = await gateway.inject({ method: 'GET', url: '/api-user/users/current', headers: lang('zh-CN') });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ resp_code: 502, resp_msg: zh('errors.upstreamDown') });
    } finally {
      await gateway.close();
    }
  });
});
