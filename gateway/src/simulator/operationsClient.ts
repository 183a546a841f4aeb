// The operations simulator's way in (issue 15 demo): the public REST API over HTTP, each simulated person with their
// own token (signed in with the web app's client credential, signed in again when it expires), so every change goes
// through the same routes, permissions, operation log and live hints as a person's in the browser.
import { FILE_PATHS } from '@waterops/shared/user';
import { errorText } from './ingestClient.ts';

export type Credentials = { username: string; password: string };

/** A refused or failed call: the HTTP status and the server's message. */
export class OpsCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'OpsCallError';
  }
}

type Query = Record<string, string | number | boolean | undefined>;

export class OpsClient {
  private readonly tokens = new Map<string, Promise<string>>();

  constructor(
    private readonly baseUrl: string,
    private readonly client = { id: 'webApp', secret: 'webApp' },
    private readonly signal?: AbortSignal,
  ) {}

  private async signIn(who: Credentials): Promise<string> {
    const res = await this.fetchRetrying(new URL('/api-uaa/oauth/token', this.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${this.client.id}:${this.client.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'password', username: who.username, password: who.password }),
    });
    const body = (await res.json().catch(() => ({}))) as { resp_code?: number; resp_msg?: string; datas?: unknown };
    const token = (body.datas as { access_token?: string } | undefined)?.access_token;
    if (!res.ok || body.resp_code !== 0 || !token)
      throw new OpsCallError(res.status, `sign-in of ${who.username} failed: ${body.resp_msg ?? res.statusText}`);
    return token;
  }

  private tokenOf(who: Credentials, fresh = false): Promise<string> {
    let t = this.tokens.get(who.username);
    if (!t || fresh) {
      t = this.signIn(who);
      this.tokens.set(who.username, t);
      t.catch(() => this.tokens.delete(who.username));
    }
    return t;
  }

  /** fetch, tried again (three times in all, a little later each time) when the connection fails before an answer. */
  private async fetchRetrying(url: URL, init: RequestInit): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      try {
        const timeout = AbortSignal.timeout(60_000);
        return await fetch(url, { ...init, signal: this.signal ? AbortSignal.any([this.signal, timeout]) : timeout });
      } catch (e) {
        if (this.signal?.aborted || attempt >= 3) throw new OpsCallError(0, errorText(e));
        await new Promise((r) => setTimeout(r, 300 * attempt));
      }
    }
  }

  /** One call as `who`; a 401 signs in again once. Answers the parsed body (or throws for a non-2xx status). */
  private async send(
    who: Credentials,
    method: string,
    path: string,
    init: { query?: Query; body?: FormData; json?: unknown },
  ) {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(init.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokenOf(who, attempt > 0);
      const res = await this.fetchRetrying(url, {
        method,
        headers: {
          authorization: `bearer ${token}`,
          ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      });
      if (res.status === 401 && attempt === 0) continue;
      const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok) throw new OpsCallError(res.status, String(body?.resp_msg ?? body?.msg ?? res.statusText));
      return body ?? {};
    }
  }

  /** A Result call: its `datas`, or an error with the refusal's message. */
  async result<T>(who: Credentials, method: 'GET' | 'POST', path: string, data?: Query | object): Promise<T> {
    const body =
      method === 'GET'
        ? await this.send(who, method, path, { query: data as Query })
        : await this.send(who, method, path, { json: data ?? {} });
    if (body.resp_code !== 0) throw new OpsCallError(200, String(body.resp_msg));
    return body.datas as T;
  }

  /** A PageResult list: its rows. */
  async page<T>(who: Credentials, path: string, query: Query): Promise<{ rows: T[]; count: number }> {
    const body = await this.send(who, 'GET', path, { query });
    if (body.code !== 0) throw new OpsCallError(200, String(body.msg));
    return { rows: (body.data as T[]) ?? [], count: Number(body.count ?? 0) };
  }

  /** Uploads an image as `who`; answers its url. */
  async upload(who: Credentials, name: string, content: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'image/png' }), name);
    const body = await this.send(who, 'POST', FILE_PATHS.upload, { body: form });
    if (body.resp_code !== 0) throw new OpsCallError(200, String(body.resp_msg));
    return (body.datas as { url: string }).url;
  }
}
