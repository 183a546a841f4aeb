// One way for the gateway itself to read the REST API a browser reads: the embedded module in-process
// (`app.inject`) when this process serves the prefix, the remote upstream over HTTP when it proxies it (route plan).
// The live layer polls through this, so polling our own services and a utility's back end are the same code path.
import { API_PREFIXES, type ApiPrefix } from '@waterops/shared/api';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type RouteTarget, routePlan } from './routePlan.ts';

export type UpstreamGetOptions = {
  /** the bearer token to call with (without the "bearer " prefix) */
  token?: string;
  query?: Record<string, string | number>;
  ifNoneMatch?: string;
  acceptLanguage?: string;
  /** a remote upstream's answer is awaited this long (default UPSTREAM_TIMEOUT_MS) */
  timeoutMs?: number;
};

/**
 * An answer; `status` 0 never occurs: a network failure is 502 and a timeout 504 (the proxy's statuses), with
 * `body` null, so callers treat "cannot reach" like the proxy's own failure answers.
 */
export type UpstreamAnswer = { status: number; etag: string | null; body: unknown };

export type UpstreamClient = { get(path: string, opts?: UpstreamGetOptions): Promise<UpstreamAnswer> };

const prefixOf = (path: string): ApiPrefix | undefined =>
  API_PREFIXES.find((p) => path === p || path.startsWith(`${p}/`));

const withQuery = (path: string, query: UpstreamGetOptions['query']): string => {
  const entries = Object.entries(query ?? {});
  if (!entries.length) return path;
  const search = new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]));
  return `${path}${path.includes('?') ? '&' : '?'}${search.toString()}`;
};

/**
 * Marks the live layer's own calls (polls, auth checks made with a subscriber's token): a display token's last
 * contact then keeps the address the screen itself called from, not the gateway's (services/display).
 */
export const LIVE_CALL_HEADER = 'x-waterops-live-call';

const headersOf = (opts: UpstreamGetOptions): Record<string, string> => {
  const headers: Record<string, string> = { accept: 'application/json', [LIVE_CALL_HEADER]: '1' };
  if (opts.token) headers.authorization = `bearer ${opts.token}`;
  if (opts.ifNoneMatch) headers['if-none-match'] = opts.ifNoneMatch;
  if (opts.acceptLanguage) headers['accept-language'] = opts.acceptLanguage;
  return headers;
};

const parseJson = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const isTimeout = (error: unknown): boolean => {
  for (let e = error as { name?: string; code?: string; cause?: unknown } | undefined, n = 0; e && n < 5; n++) {
    if (e.name === 'TimeoutError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT')
      return true;
    e = e.cause as typeof e;
  }
  return false;
};

export const createUpstreamClient = (
  app: Pick<FastifyInstance, 'inject'>,
  config: Config,
  plan: RouteTarget[] = routePlan(config),
): UpstreamClient => {
  const targets = new Map(plan.map((t) => [t.prefix, t]));

  const viaInject = async (url: string, headers: Record<string, string>): Promise<UpstreamAnswer> => {
    let res: Awaited<ReturnType<typeof app.inject>>;
    try {
      res = await app.inject({ method: 'GET', url, headers });
    } catch {
      // the app is closing (or the module threw outside its error handler): as unreachable as a dead upstream
      return { status: 502, etag: null, body: null };
    }
    const etag = res.headers.etag;
    return { status: res.statusCode, etag: typeof etag === 'string' ? etag : null, body: parseJson(res.body) };
  };

  const viaFetch = async (
    base: string,
    url: string,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<UpstreamAnswer> => {
    // The upstream's own base path (if any) stays in front, as the proxy does.
    const origin = new URL(base);
    const target = `${origin.origin}${origin.pathname.replace(/\/+$/, '')}${url}`;
    try {
      const res = await fetch(target, { headers, signal: AbortSignal.timeout(timeoutMs) });
      const text = res.status === 304 ? '' : await res.text();
      return { status: res.status, etag: res.headers.get('etag'), body: parseJson(text) };
    } catch (error) {
      return { status: isTimeout(error) ? 504 : 502, etag: null, body: null };
    }
  };

  return {
    get: async (path, opts = {}) => {
      const prefix = prefixOf(path);
      const target = prefix && targets.get(prefix);
      if (!target) throw new Error(`no route for ${path}`);
      const url = withQuery(path, opts.query);
      const headers = headersOf(opts);
      return target.mode === 'embedded'
        ? viaInject(url, headers)
        : viaFetch(target.upstream, url, headers, opts.timeoutMs ?? config.UPSTREAM_TIMEOUT_MS);
    },
  };
};
