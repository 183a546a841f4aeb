// The request layer against a fake fetch: every branch of the spec §8 catalogue, not_msg, body filtering, timeout.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureRequest, filterEmpty, RequestError, request } from './request.ts';

const texts: Record<string, string> = {
  'errors.unauthorized': '登录过期,请重新登录',
  'errors.forbidden': '没有权限访问',
  'request.codeError': '后端接口{{code}}异常',
  'request.statusError': '后端接口{{status}}异常',
  'request.networkError': '后端接口连接异常',
  'request.timeout': '后端接口请求超时',
  'request.unknown': '后端接口未知异常',
};
const translate = (key: string, params: Record<string, unknown> = {}) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, n: string) => String(params[n]));

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

let shown: string[];
let onExpired: ReturnType<typeof vi.fn<() => void>>;
let onForbidden: ReturnType<typeof vi.fn<() => void>>;
let fetchMock: ReturnType<typeof vi.fn>;
let token: string | null;

beforeEach(() => {
  shown = [];
  token = null;
  onExpired = vi.fn<() => void>();
  onForbidden = vi.fn<() => void>();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  configureRequest({
    getToken: () => token,
    getLocale: () => 'en',
    translate,
    showMessage: (t) => shown.push(t),
    onExpired,
    onForbidden,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const failureOf = async (p: Promise<unknown>) => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  return (error as RequestError).failure;
};

describe('request', () => {
  it('resolves the envelope for success codes 0 and 200', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 0, resp_msg: 'ok', datas: { a: 1 } }));
    await expect(request({ url: '/x' })).resolves.toEqual({ resp_code: 0, resp_msg: 'ok', datas: { a: 1 } });
    fetchMock.mockResolvedValueOnce(json({ code: 200, msg: 'ok', count: 0, data: [] }));
    await expect(request({ url: '/x' })).resolves.toMatchObject({ code: 200 });
    expect(shown).toEqual([]);
  });

  it('sends a lower-case bearer token and the language, or the Basic client credential without a token', async () => {
    fetchMock.mockImplementation(async () => json({ resp_code: 0 }));
    await request({ url: '/x' });
    expect(fetchMock.mock.calls[0]?.[1].headers.Authorization).toBe(`Basic ${btoa('webApp:webApp')}`);
    token = 'abc';
    await request({ url: '/x' });
    expect(fetchMock.mock.calls[1]?.[1].headers).toMatchObject({
      Authorization: 'bearer abc',
      'Accept-Language': 'en',
    });
  });

  it('expired-login code: the catalogue message, then the token reset', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 401, resp_msg: 'whatever' }));
    expect((await failureOf(request({ url: '/x' }))).kind).toBe('expired');
    expect(shown).toEqual(['登录过期,请重新登录']);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('HTTP 401 with a body is an expired sign-in too', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 401, resp_msg: 'token expired' }, 401));
    await failureOf(request({ url: '/x' }));
    expect(shown).toEqual(['登录过期,请重新登录']);
    expect(onExpired).toHaveBeenCalledOnce();
  });

  it('no-permission code goes to /401', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 403, resp_msg: 'no' }, 403));
    expect((await failureOf(request({ url: '/x' }))).kind).toBe('forbidden');
    expect(onForbidden).toHaveBeenCalledOnce();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('other codes show the server message, or 后端接口{code}异常', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 1, resp_msg: '旧密码错误' }));
    await failureOf(request({ url: '/x' }));
    fetchMock.mockResolvedValueOnce(json({ code: 7 }));
    const f = await failureOf(request({ url: '/x' }));
    expect(shown).toEqual(['旧密码错误', '后端接口7异常']);
    expect(f).toMatchObject({ kind: 'code', code: 7 });
  });

  it('HTTP failures with a body use its message and keep the status and field', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 400, resp_msg: '手机号码格式不对', field: 'mobile' }, 400));
    const f = await failureOf(request({ url: '/x' }));
    expect(f).toMatchObject({ kind: 'http', status: 400, field: 'mobile', message: '手机号码格式不对' });
    fetchMock.mockResolvedValueOnce(json({ msg: 'bad gateway' }, 502));
    await failureOf(request({ url: '/x' }));
    fetchMock.mockResolvedValueOnce(json({ other: 1 }, 500));
    await failureOf(request({ url: '/x' }));
    expect(shown).toEqual(['手机号码格式不对', 'bad gateway', '后端接口500异常']);
  });

  it('HTTP failures without a body: 后端接口{status}异常', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 504 }));
    await failureOf(request({ url: '/x' }));
    expect(shown).toEqual(['后端接口504异常']);
  });

  it('a failed connection: 后端接口连接异常', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failureOf(request({ url: '/x' }))).kind).toBe('network');
    expect(shown).toEqual(['后端接口连接异常']);
  });

  it('anything else: 后端接口未知异常', async () => {
    fetchMock.mockRejectedValueOnce(new Error('weird'));
    await failureOf(request({ url: '/x' }));
    fetchMock.mockResolvedValueOnce(new Response('not json', { status: 200 }));
    await failureOf(request({ url: '/x' }));
    expect(shown).toEqual(['后端接口未知异常', '后端接口未知异常']);
  });

  it('times out after 180 s by default: 后端接口请求超时', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = failureOf(request({ url: '/x' }));
    await vi.advanceTimersByTimeAsync(179_999);
    expect(shown).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).kind).toBe('timeout');
    expect(shown).toEqual(['后端接口请求超时']);
  });

  it('not_msg suppresses the message but still fails', async () => {
    fetchMock.mockResolvedValueOnce(json({ resp_code: 1, resp_msg: 'nope' }));
    await failureOf(request({ url: '/x', not_msg: true }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await failureOf(request({ url: '/x', not_msg: true }));
    expect(shown).toEqual([]);
  });

  it('drops null, undefined and empty strings from bodies but keeps 0 and false, unless not_filter', async () => {
    fetchMock.mockImplementation(async () => json({ resp_code: 0 }));
    const data = { a: null, b: undefined, c: '', d: 0, e: false, f: 'x' };
    await request({ url: '/x', method: 'POST', data });
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1].body)).toEqual({ d: 0, e: false, f: 'x' });
    await request({ url: '/x', method: 'POST', data, not_filter: true });
    expect(JSON.parse(fetchMock.mock.calls[1]?.[1].body)).toEqual({ a: null, c: '', d: 0, e: false, f: 'x' });
    await request({ url: '/x', method: 'POST', contentType: 'form', data: { grant_type: 'password', validCode: '' } });
    expect(fetchMock.mock.calls[2]?.[1].body).toBe('grant_type=password');
    expect(fetchMock.mock.calls[2]?.[1].headers['Content-Type']).toMatch(/x-www-form-urlencoded/);
  });

  it('filters empty query values too', async () => {
    fetchMock.mockImplementation(async () => json({ code: 0 }));
    await request({ url: '/logs', params: { page: 1, username: '', startTime: undefined, zero: 0 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/logs?page=1&zero=0');
  });

  it('filterEmpty keeps 0 and false', () => {
    expect(filterEmpty({ a: 0, b: false, c: null, d: '' })).toEqual({ a: 0, b: false });
  });
});
