// The simulator's only door into WaterOps: the public ingestion API with an ingestion key, as any head-end system
// would use it. Network errors, 5xx and 429 are retried with exponential backoff (the data must get through a
// restarting server); other refusals are errors the caller sees at once.
import type { Result } from '@waterops/shared/api';
import {
  type Archives,
  type ArchivesReply,
  type CommandResult,
  INGEST_AUTH_SCHEME,
  INGEST_PATHS,
  type IngestBatch,
  type IngestReply,
  type IngestStatusReply,
  type PendingCommand,
} from '@waterops/shared/reading';

/** Readings per call: half the API's limit keeps a body well under a megabyte or two. */
export const INGEST_CHUNK = 5_000;

export type IngestClientOptions = {
  baseUrl: string;
  key: string;
  /** attempts per call before giving up (default 6: about 6 s of backoff) */
  attempts?: number;
  /** ms before the first retry, doubled each time (default 200) */
  backoffMs?: number;
  /** per-call time limit, ms (default 60 s: a 5,000-row batch on a busy PGlite) */
  timeoutMs?: number;
  log?: (message: string) => void;
  /** aborts calls in flight and their retries (the simulator stopping) */
  signal?: AbortSignal;
};

/** A refusal from WaterOps (4xx other than 429, or a non-zero resp_code): retrying would not help. */
export class IngestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** An error in words, with its cause (fetch says only "fetch failed"; the cause says ECONNREFUSED). */
export const errorText = (e: unknown): string => {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  return cause ? `${String(e)} (${cause.code ?? cause.message})` : String(e);
};

/** Waits ms, or less when the signal aborts. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export class IngestClient {
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly opts: IngestClientOptions) {
    this.attempts = opts.attempts ?? 6;
    this.backoffMs = opts.backoffMs ?? 200;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = new URL(path, this.opts.baseUrl);
    let lastError: unknown;
    const stop = this.opts.signal;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      stop?.throwIfAborted();
      try {
        const res = await fetch(url, {
          method,
          headers: {
            authorization: `${INGEST_AUTH_SCHEME} ${this.opts.key}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: stop
            ? AbortSignal.any([stop, AbortSignal.timeout(this.timeoutMs)])
            : AbortSignal.timeout(this.timeoutMs),
        });
        const text = await res.text();
        if (res.status >= 500 || res.status === 429) {
          lastError = new IngestError(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`, res.status);
        } else {
          const envelope = (text ? JSON.parse(text) : {}) as Result<T>;
          if (res.status >= 400 || envelope.resp_code !== 0)
            throw new IngestError(
              `${method} ${path}: HTTP ${res.status} ${envelope.resp_msg ?? text.slice(0, 200)}`,
              res.status,
            );
          return envelope.datas;
        }
      } catch (e) {
        if (e instanceof IngestError || stop?.aborted) throw e;
        lastError = e;
      }
      if (attempt < this.attempts) {
        const wait = this.backoffMs * 2 ** (attempt - 1);
        this.opts.log?.(`${method} ${path} failed (${errorText(lastError)}), retrying in ${wait} ms`);
        await sleep(wait, stop);
      }
    }
    throw lastError;
  }

  readings(batch: IngestBatch): Promise<IngestReply> {
    return this.call('POST', INGEST_PATHS.readings, batch);
  }

  commands(): Promise<PendingCommand[]> {
    return this.call('GET', INGEST_PATHS.commands);
  }

  commandResults(results: CommandResult[]): Promise<unknown> {
    return this.call('POST', INGEST_PATHS.commandResults, results);
  }

  archives(archives: Archives): Promise<ArchivesReply> {
    return this.call('POST', INGEST_PATHS.archives, archives);
  }

  status(): Promise<IngestStatusReply> {
    return this.call('GET', INGEST_PATHS.status);
  }
}
