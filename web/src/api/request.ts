// The request layer: every call to the server goes through `request` (RTK Query's baseQuery uses it too). It adds
// the token and language, filters empty body values, times out, and turns every failure into the spec §8
// catalogue message, shown for 3 s unless `not_msg` is set.
import { INVALID_LOGIN_CODE, NO_PERMISSION_CODE, SUCCESS_CODES } from '@waterops/shared/api';
import { settings } from '../app/settings.ts';

export type RequestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RequestConfig = {
  url: string;
  method?: RequestMethod;
  /** query string values; empty ones are dropped */
  params?: Record<string, unknown>;
  /** the body: a plain object (JSON or form-encoded) or FormData (multipart) */
  data?: unknown;
  /** 'json' (default) or 'form' (application/x-www-form-urlencoded) */
  contentType?: 'json' | 'form';
  headers?: Record<string, string>;
  /** suppress the message for a failure (the caller shows its own) */
  not_msg?: boolean;
  /** send empty values as they are */
  not_filter?: boolean;
  /** milliseconds; default settings.requestTimeout (180 s) */
  timeout?: number;
};

export type FailureKind = 'code' | 'expired' | 'forbidden' | 'http' | 'network' | 'timeout' | 'unknown';

/** A failed request, serializable (it travels through RTK Query into the store). */
export type RequestFailure = {
  kind: FailureKind;
  message: string;
  status?: number;
  code?: number;
  /** the request field a 400 names */
  field?: string;
  /** the response body, when there was one */
  body?: unknown;
};

export class RequestError extends Error {
  readonly failure: RequestFailure;
  constructor(failure: RequestFailure) {
    super(failure.message);
    this.failure = failure;
  }
}

export type RequestHooks = {
  getToken: () => string | null;
  getLocale: () => string;
  translate: (key: string, params?: Record<string, unknown>) => string;
  showMessage: (text: string) => void;
  /** the expired-login code: reset the token and go to /login */
  onExpired: () => void;
  /** the no-permission code: go to /401 */
  onForbidden: () => void;
};

const hooks: RequestHooks = {
  getToken: () => null,
  getLocale: () => 'zh-CN',
  translate: (key) => key,
  showMessage: () => {},
  onExpired: () => {},
  onForbidden: () => {},
};

/**
 * Wires the layer to the app (token storage, i18next, toaster, router). Tests call it with fakes; the wall screen
 * with its display token. Returns what puts the hooks back as they were.
 */
export const configureRequest = (next: Partial<RequestHooks>): (() => void) => {
  const previous = { ...hooks };
  Object.assign(hooks, next);
  return () => {
    Object.assign(hooks, previous);
  };
};

const isEmpty = (v: unknown): boolean => v === null || v === undefined || v === '';

/** The expired-login path for what is not a request (the live socket's sessionEnded): the message, token reset,
 * back to login — the same as a request answered with the expired-login code. */
export const reportExpiredLogin = (): void => {
  hooks.showMessage(hooks.translate('errors.unauthorized'));
  hooks.onExpired();
};

/** Drops null, undefined and '' from a plain object; keeps 0 and false (spec §5). */
export const filterEmpty = <T extends Record<string, unknown>>(data: T): Partial<T> =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => !isEmpty(v))) as Partial<T>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !(v instanceof FormData) && !Array.isArray(v) && !(v instanceof Blob);

const basicCredential = (): string => `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`;

const buildUrl = (url: string, params: Record<string, unknown> | undefined, keepEmpty: boolean): string => {
  if (!params) return url;
  const kept = keepEmpty ? params : filterEmpty(params);
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(kept)) query.append(k, String(v ?? ''));
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
};

const buildBody = (config: RequestConfig): { body?: BodyInit; type?: string } => {
  const { data } = config;
  if (data === undefined) return {};
  if (data instanceof FormData) return { body: data };
  const value = isPlainObject(data) && !config.not_filter ? filterEmpty(data) : data;
  if (config.contentType === 'form' && isPlainObject(value)) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(value)) form.append(k, String(v ?? ''));
    return { body: form.toString(), type: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  return { body: JSON.stringify(value), type: 'application/json' };
};

type Envelope = { resp_code?: unknown; code?: unknown; resp_msg?: unknown; msg?: unknown; field?: unknown };

const codeOf = (body: Envelope): number | undefined => {
  const code = body.resp_code ?? body.code;
  return typeof code === 'number' ? code : undefined;
};
const messageOf = (body: Envelope): string | undefined => {
  const msg = body.resp_msg ?? body.msg;
  return typeof msg === 'string' && msg !== '' ? msg : undefined;
};

/** Reports a failure as the catalogue says, then throws it. */
const fail = (config: RequestConfig, failure: RequestFailure): never => {
  if (failure.kind === 'expired') {
    if (!config.not_msg) hooks.showMessage(failure.message);
    hooks.onExpired();
  } else if (failure.kind === 'forbidden') {
    hooks.onForbidden();
  } else if (!config.not_msg) {
    hooks.showMessage(failure.message);
  }
  throw new RequestError(failure);
};

/** A response whose body carries a code: expired, forbidden, or another non-success code. */
const failureFromBody = (body: Envelope, status: number | undefined): RequestFailure => {
  const code = codeOf(body);
  const base = { status, code, body, ...(typeof body.field === 'string' ? { field: body.field } : {}) };
  if (code === INVALID_LOGIN_CODE || status === 401)
    return { ...base, kind: 'expired', message: hooks.translate('errors.unauthorized') };
  if (code === NO_PERMISSION_CODE || status === 403)
    return { ...base, kind: 'forbidden', message: messageOf(body) ?? hooks.translate('errors.forbidden') };
  if (status !== undefined && status >= 400)
    return {
      ...base,
      kind: 'http',
      message: messageOf(body) ?? hooks.translate('request.statusError', { status }),
    };
  return { ...base, kind: 'code', message: messageOf(body) ?? hooks.translate('request.codeError', { code }) };
};

const readJson = async (res: Response): Promise<unknown> => {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Sends one request and resolves with the response envelope when its code is a success code (0 or 200). */
export const request = async <T = unknown>(config: RequestConfig): Promise<T> => {
  const token = hooks.getToken();
  const { body, type } = buildBody(config);
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': hooks.getLocale(),
    Authorization: token ? `bearer ${token}` : basicCredential(),
    ...(type ? { 'Content-Type': type } : {}),
    ...config.headers,
  };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeout ?? settings.requestTimeout);

  let res: Response;
  try {
    res = await fetch(buildUrl(config.url, config.params, config.not_filter === true), {
      method: config.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    if (timedOut) return fail(config, { kind: 'timeout', message: hooks.translate('request.timeout') });
    // fetch rejects with a TypeError when the connection fails (axios calls it 'Network Error').
    if (error instanceof TypeError)
      return fail(config, { kind: 'network', message: hooks.translate('request.networkError') });
    return fail(config, { kind: 'unknown', message: hooks.translate('request.unknown') });
  }

  let parsed: unknown;
  try {
    parsed = await readJson(res);
  } catch {
    clearTimeout(timer);
    if (timedOut) return fail(config, { kind: 'timeout', message: hooks.translate('request.timeout') });
    return fail(config, { kind: 'unknown', message: hooks.translate('request.unknown') });
  }
  clearTimeout(timer);

  const envelope = isPlainObject(parsed) ? (parsed as Envelope) : undefined;
  if (!res.ok) {
    if (envelope) return fail(config, failureFromBody(envelope, res.status));
    if (res.status === 401)
      return fail(config, { kind: 'expired', status: 401, message: hooks.translate('errors.unauthorized') });
    if (res.status === 403)
      return fail(config, { kind: 'forbidden', status: 403, message: hooks.translate('errors.forbidden') });
    return fail(config, {
      kind: 'http',
      status: res.status,
      message: hooks.translate('request.statusError', { status: res.status }),
    });
  }
  if (!envelope)
    return fail(config, { kind: 'unknown', status: res.status, message: hooks.translate('request.unknown') });
  const code = codeOf(envelope);
  if (code === undefined || SUCCESS_CODES.includes(code)) return envelope as T;
  return fail(config, failureFromBody(envelope, undefined));
};

/** A downloaded file: its bytes and the name the server gave it (content-disposition), if any. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/**
 * `filename*=UTF-8''…` (decoded) from a content-disposition header, else the plain `filename="…"`, else null.
 * The UTF-8 form wins: it carries the Chinese name, the plain one is an ASCII fallback.
 */
export const fileNameFromDisposition = (header: string | null): string | null => {
  if (!header) return null;
  const star = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (star?.[2]) {
    try {
      return decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name || null;
};

/**
 * The export download of spec §7: any method, bearer token, params and body with empty values dropped (0 and false
 * kept) unless not_filter, the response read as binary with its file name. A non-200 answer or a request error
 * fails with `failureKey`'s message (spec §8 export failure), followed by the server's reason when it gave one.
 */
export const requestFile = async (config: RequestConfig, failureKey = 'export.failed'): Promise<DownloadedFile> => {
  const token = hooks.getToken();
  const { body, type } = buildBody(config);
  const failed = (reason?: string) =>
    fail(config, {
      kind: 'http',
      message: reason ? `${hooks.translate(failureKey)}: ${reason}` : hooks.translate(failureKey),
    });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeout ?? settings.requestTimeout);
  try {
    const res = await fetch(buildUrl(config.url, config.params, config.not_filter === true), {
      method: config.method ?? 'GET',
      headers: {
        'Accept-Language': hooks.getLocale(),
        Authorization: token ? `bearer ${token}` : basicCredential(),
        ...(type ? { 'Content-Type': type } : {}),
        ...config.headers,
      },
      body,
      signal: controller.signal,
    });
    if (res.status === 401) {
      clearTimeout(timer);
      return fail(config, { kind: 'expired', status: 401, message: hooks.translate('errors.unauthorized') });
    }
    if (res.status !== 200) {
      const envelope = await readJson(res).catch(() => undefined);
      clearTimeout(timer);
      return failed(isPlainObject(envelope) ? messageOf(envelope as Envelope) : undefined);
    }
    const blob = await res.blob();
    clearTimeout(timer);
    return { blob, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) };
  } catch (error) {
    clearTimeout(timer);
    if (error instanceof RequestError) throw error;
    return failed();
  }
};
