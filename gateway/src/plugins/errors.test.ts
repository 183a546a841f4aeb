// The error envelope for bad input and outages (issue 17.2, 17.6, 17.7), on a small app with the real plugins: a NUL
// byte, a number past its bounds, a null where a number is needed and a malformed upload are a 400 naming the field;
// a database that cannot be reached is a 503 with Retry-After; a flood of one failure is logged once with a count.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { translate } from '@waterops/shared/i18n';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATABASE_RETRY_AFTER_S, ErrorLogThrottle, errors, isDatabaseOutage, isDataException } from './errors.ts';
import { i18n } from './i18n.ts';
import { DEFAULT_INTEGER_BOUNDS, nulField, requestValidation, withNumberBounds } from './typeBoxProvider.ts';

const logged: { level: number; msg: string; err?: unknown; repeats?: number }[] = [];
const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => logged.push(JSON.parse(line)) } } });
/** what a failing route throws, set by each test */
let failure: unknown;

beforeAll(async () => {
  app.register(i18n);
  app.register(errors);
  app.register(requestValidation);
  app.register(async (routes) => {
    routes.post(
      '/alarm-rule',
      {
        schema: {
          body: Type.Object({
            threshold: Type.Number(),
            diameter: Type.Integer({ minimum: 1 }),
            areaId: Type.Optional(Type.Integer()),
            name: Type.Optional(Type.String({ maxLength: 20 })),
          }),
        },
      },
      async (request) => request.body,
    );
    routes.get(
      '/meters/:id',
      { schema: { params: Type.Object({ id: Type.Integer() }), querystring: Type.Object({ code: Type.String() }) } },
      async (request) => ({ params: request.params, query: request.query }),
    );
    // a batch whose handler refuses NUL bytes row by row (as device ingestion does)
    routes.post('/batch', { config: { nulBytesInBody: 'handler' } }, async (request) => ({ got: request.body }));
    routes.get('/fails', async () => {
      throw failure;
    });
    await routes.register(async (upload) => {
      await upload.register(multipart);
      upload.post('/upload', async (request) => {
        const part = await request.file();
        await part?.toBuffer();
        return { ok: true };
      });
    });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});
afterEach(() => {
  logged.length = 0;
});

const post = (payload: object, locale = 'zh-CN') =>
  app.inject({ method: 'POST', url: '/alarm-rule', payload, headers: { 'accept-language': locale } });

describe('a JSON body is taken as sent', () => {
  it('refuses a null threshold naming the field, rather than storing 0', async () => {
    const res = await post({ threshold: null, diameter: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: translate('errors.nullNotAllowed', 'zh-CN', { field: 'threshold' }),
      field: 'threshold',
    });
    expect(res.json().resp_msg).toBe('请求参数 threshold 不能为空');
  });

  it('refuses a diameter of 0 where the minimum is 1, saying so in both languages', async () => {
    const zh = await post({ threshold: 1, diameter: 0 });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ resp_msg: '请求参数 diameter 不能小于 1', field: 'diameter' });
    const en = await post({ threshold: 1, diameter: 0 }, 'en');
    expect(en.json().resp_msg).toBe('The request field diameter cannot be less than 1');
  });

  it('refuses a number sent as text in a body', async () => {
    const res = await post({ threshold: '5', diameter: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('threshold');
  });

  it('still takes a valid body unchanged', async () => {
    const res = await post({ threshold: 0, diameter: 1, name: '总表' });
    expect(res.json()).toEqual({ threshold: 0, diameter: 1, name: '总表' });
  });
});

describe('numbers no column can hold', () => {
  it.each([
    ['2^70', 2 ** 70],
    ['1e308', 1e308],
  ])('refuses %s in an integer without a bound of its own, naming it', async (_, value) => {
    const res = await post({ threshold: 1, diameter: 1, areaId: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resp_msg: `请求参数 areaId 不能大于 ${DEFAULT_INTEGER_BOUNDS.maximum}`,
      field: 'areaId',
    });
  });

  it('refuses 1e308 as a number and 2^70 as a path id', async () => {
    expect((await post({ threshold: 1e308, diameter: 1 })).json().field).toBe('threshold');
    const res = await app.inject({ method: 'GET', url: '/meters/1180591620717411303424?code=a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('id');
  });

  it('still turns the text of a query or path into numbers', async () => {
    const res = await app.inject({ method: 'GET', url: '/meters/12?code=A1' });
    expect(res.json()).toEqual({ params: { id: 12 }, query: { code: 'A1' } });
  });

  it('adds bounds only where a schema declares none', () => {
    expect(withNumberBounds({ type: 'integer', minimum: 1 })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: DEFAULT_INTEGER_BOUNDS.maximum,
    });
    expect(withNumberBounds({ type: ['number', 'null'], maximum: 5 })).toMatchObject({ maximum: 5 });
    expect(withNumberBounds({ type: 'string', enum: [{ type: 'integer' }] })).toEqual({
      type: 'string',
      enum: [{ type: 'integer' }],
    });
  });
});

describe('a NUL byte, which PostgreSQL text cannot hold', () => {
  it('is refused in a query string, naming the field, in both languages', async () => {
    const res = await app.inject({ method: 'GET', url: '/meters/1?code=a%00b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: '请求参数 code 含有不允许的控制字符(NUL)',
      field: 'code',
    });
    const en = await app.inject({
      method: 'GET',
      url: '/meters/1?code=a%00b',
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().resp_msg).toBe('The request field code contains a control character (NUL) that is not allowed');
  });

  it('is refused anywhere in a body, even in a key', async () => {
    const res = await post({ threshold: 1, diameter: 1, name: 'a\u0000' });
    expect(res.json()).toMatchObject({ resp_code: 400, field: 'name' });
    expect(nulField({ items: [{ code: 'ok' }, { code: 'x\u0000' }] })).toBe('items.1.code');
    expect(nulField({ 'a\u0000': 1 })).toBe('a\u0000');
    expect(nulField({ a: ['fine', 1, null] })).toBeUndefined();
  });

  it('reaches a handler that refuses it row by row, and only in the body', async () => {
    const rows = [{ code: 'ok' }, { code: 'x\u0000' }];
    const res = await app.inject({ method: 'POST', url: '/batch', payload: rows });
    expect(res.json()).toEqual({ got: rows });
    expect((await app.inject({ method: 'POST', url: '/batch?a=%00', payload: rows })).statusCode).toBe(400);
  });
});

describe('a malformed upload', () => {
  it.each([
    ['without a boundary', 'multipart/form-data', 'garbage'],
    ['cut off', 'multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="file"; filename'],
  ])('is a 400 that asks for the file again (%s)', async (_, contentType, payload) => {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload,
      headers: { 'content-type': contentType, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      resp_code: 400,
      resp_msg: 'The upload is incomplete or malformed: please upload the file again',
      field: 'file',
    });
  });
});

/** An error as pg raises it: a message and a SQLSTATE or socket code. */
const pgError = (message: string, code?: string) => Object.assign(new Error(message), code ? { code } : {});

describe('the database', () => {
  it.each([
    ['refusing connections', Object.assign(new AggregateError([pgError('connect', 'ECONNREFUSED')]), {})],
    ['dropping the connection', pgError('Connection terminated unexpectedly')],
    ['shutting down', pgError('terminating connection due to administrator command', '57P01')],
    ['closed (PGlite)', pgError('PGlite is closed')],
    ['behind a failed query', new Error('query failed', { cause: pgError('connect', 'ECONNRESET') })],
  ])('%s answers 503 with Retry-After and a localized message', async (_, error) => {
    failure = error;
    const res = await app.inject({ method: 'GET', url: '/fails', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_S));
    expect(res.json()).toEqual({
      resp_code: 503,
      resp_msg: 'The database cannot be reached right now, please try again shortly',
    });
  });

  it('refusing a value (out of range, bad byte sequence) is the client’s 400, not a 500', async () => {
    for (const code of ['22003', '22P05', '22021', '22P02']) {
      failure = pgError('value out of range', code);
      const res = await app.inject({ method: 'GET', url: '/fails' });
      expect(res.statusCode).toBe(400);
      expect(res.json().resp_msg).toBe(translate('errors.badValue', 'zh-CN'));
    }
  });

  it('tells outages and bad values from other failures', () => {
    expect(isDatabaseOutage(pgError('duplicate key', '23505'))).toBe(false);
    expect(isDatabaseOutage(pgError('x', '08006'))).toBe(true);
    expect(isDataException(pgError('division by zero', '22012'))).toBe(false);
    expect(isDataException(pgError('x', '22003'))).toBe(true);
  });
});

describe('the error log', () => {
  it('writes a flood of one failure once with its stack, then a count', async () => {
    failure = new Error('boom');
    for (let i = 0; i < 50; i++) expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    const errorsLogged = logged.filter((l) => l.level >= 50);
    expect(errorsLogged).toHaveLength(1);
    expect(errorsLogged[0]?.err).toMatchObject({ message: 'boom' });
  });

  it('counts the repeats of each kind and writes the count when the window ends', () => {
    vi.useFakeTimers();
    try {
      const lines: { details: Record<string, unknown>; message: string }[] = [];
      const log = { error: (details: Record<string, unknown>, message: string) => lines.push({ details, message }) };
      const throttle = new ErrorLogThrottle(log as never, 1000);
      for (let i = 0; i < 10; i++) throttle.note('500 boom /a', 'error', { err: 'stack' }, 'request failed');
      throttle.note('500 other /b', 'error', { err: 'stack' }, 'request failed');
      expect(lines).toHaveLength(2);
      vi.advanceTimersByTime(1000);
      expect(lines).toHaveLength(3);
      expect(lines[2]?.details).toMatchObject({ kind: '500 boom /a', repeats: 9 });
      // a new window logs the stack again
      throttle.note('500 boom /a', 'error', { err: 'stack' }, 'request failed');
      expect(lines).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
