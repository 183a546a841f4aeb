// How one channel's collection is read from the upstream: the cheap way when the upstream offers it (a `since`
// feed, or ETag → 304) and the snapshot-diff fallback when it does not (a legacy back end). One ChannelSource per
// room's poller keeps the cursor / ETag; `fetchOnce` serves one-off reads with another token (permission checks,
// snapshots for subscribers on an instance that does not poll the room).
import { diffCollections, type LiveItem } from '@waterops/shared/live';
import type { UpstreamAnswer, UpstreamClient } from '../edge/upstreamClient.ts';
import type { TopicSource } from './topics.ts';

/** Why a channel is degraded (the `reason` of the degraded event; the web client translates it). */
export type DegradedReason = 'upstreamDown' | 'upstreamTimeout' | 'upstreamError';

export type Failure = { status: 'refused'; code: 401 | 403 } | { status: 'failed'; reason: DegradedReason };
export type SnapshotRead = { status: 'ok'; items: LiveItem[] } | Failure;
export type Changes = { upserts: LiveItem[]; removes: Array<LiveItem['id']> };
export type PollRead = { status: 'ok'; changes: Changes } | Failure;

export type Collection = Map<LiveItem['id'], LiveItem>;

/** How far the list fallback pages (200 per page): 10,000 items. */
const FALLBACK_MAX_PAGES = 50;
const FALLBACK_PAGE_SIZE = 200;

const failureOf = (answer: UpstreamAnswer): Failure | null => {
  if (answer.status === 401 || answer.status === 403) return { status: 'refused', code: answer.status };
  if (answer.status === 504 || answer.status === 408) return { status: 'failed', reason: 'upstreamTimeout' };
  if (answer.status >= 500) return { status: 'failed', reason: 'upstreamDown' };
  if (answer.status >= 300 && answer.status !== 304) return { status: 'failed', reason: 'upstreamError' };
  return null;
};

const isItem = (x: unknown): x is LiveItem =>
  typeof x === 'object' &&
  x !== null &&
  (typeof (x as LiveItem).id === 'number' || typeof (x as LiveItem).id === 'string');

/** The items of a Result(items[]) or PageResult(items) body; null when it is neither or reports a failure. */
const itemsOf = (body: unknown): LiveItem[] | null => {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { resp_code?: unknown; datas?: unknown; code?: unknown; data?: unknown };
  if (Array.isArray(b.datas) && (b.resp_code === 0 || b.resp_code === undefined)) return b.datas.filter(isItem);
  if (Array.isArray(b.data) && (b.code === 0 || b.code === undefined)) return b.data.filter(isItem);
  return null;
};

type Feed = { items: LiveItem[]; cursor: string; reset: boolean };
const feedOf = (body: unknown): Feed | null => {
  const datas = (body as { resp_code?: unknown; datas?: unknown } | null)?.datas as Partial<Feed> | undefined;
  if (!datas || !Array.isArray(datas.items) || typeof datas.cursor !== 'string') return null;
  return { items: datas.items.filter(isItem), cursor: datas.cursor, reset: datas.reset === true };
};

const BAD_BODY: Failure = { status: 'failed', reason: 'upstreamError' };

export const toCollection = (items: readonly LiveItem[]): Collection => new Map(items.map((i) => [i.id, i]));

export class ChannelSource {
  /** the feed's cursor, or the snapshot's ETag */
  #cursor: string | null = null;
  #etag: string | null = null;
  /** the feed answered 404: this upstream has none, page the list instead */
  #noFeed = false;

  constructor(
    upstream: UpstreamClient,
    private readonly source: TopicSource,
    private readonly params: Record<string, string | number>,
    /** the room's language, for topics whose items carry text (every read asks in it) */
    acceptLanguage?: string,
  ) {
    this.upstream = acceptLanguage
      ? { get: (path, opts) => upstream.get(path, { acceptLanguage, ...opts }) }
      : upstream;
  }

  private readonly upstream: UpstreamClient;

  /** The whole collection, read with `token`; remembers the cursor / ETag for the next `poll`. */
  async snapshot(token: string): Promise<SnapshotRead> {
    return this.#read(token, true);
  }

  /** The whole collection read with another subscriber's token; the poll state is left alone. */
  async fetchOnce(token: string): Promise<SnapshotRead> {
    return this.#read(token, false);
  }

  /** A cheap read with `token` whose only point is the status: may this token read the channel? */
  async probe(token: string): Promise<'ok' | Failure> {
    const s = this.source;
    let answer: UpstreamAnswer;
    if (s.kind === 'feed' && !this.#noFeed)
      answer = await this.upstream.get(s.path, {
        token,
        query: this.#cursor ? { ...this.params, since: this.#cursor } : this.params,
      });
    else if (s.kind === 'feed')
      answer = await this.upstream.get(s.fallbackPath, { token, query: { ...this.params, page: 1, limit: 50 } });
    else answer = await this.upstream.get(s.path, { token, query: this.params, ifNoneMatch: this.#etag ?? undefined });
    return failureOf(answer) ?? 'ok';
  }

  /** What changed since `current`, read with `token`. */
  async poll(token: string, current: Collection): Promise<PollRead> {
    const s = this.source;
    if (s.kind === 'etag') {
      const answer = await this.upstream.get(s.path, {
        token,
        query: this.params,
        ifNoneMatch: this.#etag ?? undefined,
      });
      const failure = failureOf(answer);
      if (failure) return failure;
      if (answer.status === 304) return { status: 'ok', changes: { upserts: [], removes: [] } };
      const items = itemsOf(answer.body);
      if (!items) return BAD_BODY;
      this.#etag = answer.etag;
      return { status: 'ok', changes: diffCollections(current, toCollection(items)) };
    }
    if (!this.#noFeed && this.#cursor !== null) {
      const answer = await this.upstream.get(s.path, { token, query: { ...this.params, since: this.#cursor } });
      if (answer.status === 404) this.#noFeed = true;
      else {
        const failure = failureOf(answer);
        if (failure) return failure;
        const feed = feedOf(answer.body);
        if (!feed) return BAD_BODY;
        this.#cursor = feed.cursor;
        const live = feed.items.filter((i) => s.isLive(i as unknown as Record<string, unknown>));
        if (feed.reset) return { status: 'ok', changes: diffCollections(current, toCollection(live)) };
        const { upserts } = diffCollections(new Map(), toCollection(live));
        return {
          status: 'ok',
          changes: {
            // whole items the feed says changed; an echo of what we already hold is not a change
            upserts: upserts.filter((i) => JSON.stringify(current.get(i.id)) !== JSON.stringify(i)),
            removes: feed.items
              .filter((i) => !s.isLive(i as unknown as Record<string, unknown>) && current.has(i.id))
              .map((i) => i.id),
          },
        };
      }
    }
    // no cursor yet, or no feed at all: read it whole and diff
    const read = await this.snapshot(token);
    if (read.status !== 'ok') return read;
    return { status: 'ok', changes: diffCollections(current, toCollection(read.items)) };
  }

  async #read(token: string, adopt: boolean): Promise<SnapshotRead> {
    const s = this.source;
    if (s.kind === 'etag') {
      const answer = await this.upstream.get(s.path, { token, query: this.params });
      const failure = failureOf(answer);
      if (failure) return failure;
      const items = itemsOf(answer.body);
      if (!items) return BAD_BODY;
      if (adopt) this.#etag = answer.etag;
      return { status: 'ok', items };
    }
    if (!this.#noFeed) {
      // no `since`: the feed answers the whole live set (reset: true) and the cursor to go on from
      const answer = await this.upstream.get(s.path, { token, query: this.params });
      if (answer.status === 404) this.#noFeed = true;
      else {
        const failure = failureOf(answer);
        if (failure) return failure;
        const feed = feedOf(answer.body);
        if (!feed) return BAD_BODY;
        if (adopt) this.#cursor = feed.cursor;
        return { status: 'ok', items: feed.items.filter((i) => s.isLive(i as unknown as Record<string, unknown>)) };
      }
    }
    return this.#readList(token, s.fallbackPath, s.isLive);
  }

  /** The fallback: page through the plain list (the live set when unfiltered) and keep the live items. */
  async #readList(token: string, path: string, isLive: (i: Record<string, unknown>) => boolean): Promise<SnapshotRead> {
    const items: LiveItem[] = [];
    for (let page = 1; page <= FALLBACK_MAX_PAGES; page++) {
      const answer = await this.upstream.get(path, {
        token,
        query: { ...this.params, page, limit: FALLBACK_PAGE_SIZE },
      });
      const failure = failureOf(answer);
      if (failure) return failure;
      const rows = itemsOf(answer.body);
      if (!rows) return BAD_BODY;
      items.push(...rows);
      const count = (answer.body as { count?: unknown }).count;
      if (rows.length < FALLBACK_PAGE_SIZE || (typeof count === 'number' && items.length >= count)) break;
    }
    return { status: 'ok', items: items.filter((i) => isLive(i as unknown as Record<string, unknown>)) };
  }
}
