// A fleet of live-push clients for the benchmarks that speaks the Engine.IO 4 / Socket.IO 5 wire protocol straight
// over `ws`, instead of running socket.io-client: 10,000 socket.io-client instances (each with its manager, timers,
// parser and reconnection state) would make the client process, not the gateway, the thing measured. The protocol
// the gateway sees is the same: `0{…}` open, `40{"token":…}` connect with auth, `2`/`3` ping/pong, `42[…]` events,
// `42<id>[…]` / `43<id>[…]` acknowledgements. No polling transport: the socket opens as a WebSocket.
// Every text frame is counted (payload + frame header) and stamped on arrival, before any parsing.
import type { SubscribeAck, SubscribeRequest } from '@waterops/shared/live';
import { LIVE_PATH } from '@waterops/shared/live';
import WebSocket from 'ws';

/** The wall clock in ms with sub-ms precision: the same in every place of this process that stamps a time. */
export const now = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `done()` holds, checking every few ms; false after `timeoutMs`. */
export const until = async (done: () => boolean, timeoutMs: number): Promise<boolean> => {
  const end = now() + timeoutMs;
  while (!done()) {
    if (now() > end) return false;
    await sleep(2);
  }
  return true;
};

/** Bytes of a WebSocket frame header of a server-to-client (unmasked) frame carrying `payload` bytes. */
export const frameHeaderBytes = (payload: number): number => (payload < 126 ? 2 : payload < 65_536 ? 4 : 10);

export type LiveEvent = { name: string; data: unknown; at: number; bytes: number };

export type ClientStats = {
  /** text frames received and their bytes on the wire (payload + frame header), pings included */
  frames: number;
  bytes: number;
  /** per event name: frames and bytes (a patch's share of the wire) */
  events: Map<string, { count: number; bytes: number }>;
};

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

export type LiveClientOptions = {
  /**
   * Called for every event with its name and arrival time; `parse` says whether to JSON-parse it first (a benchmark
   * that only counts deliveries skips the parse). Unset: events are only counted.
   */
  onEvent?: (client: LiveClient, event: LiveEvent) => void;
  parse?: boolean;
};

export class LiveClient {
  readonly stats: ClientStats = { frames: 0, bytes: 0, events: new Map() };
  /** the server (or the network) closed the socket: a dropped client is counted, not waited for */
  closed = false;
  private readonly acks = new Map<number, Pending>();
  private nextAck = 1;
  private connected?: Pending;

  private constructor(
    readonly index: number,
    private readonly ws: WebSocket,
    private readonly token: string,
    private options: LiveClientOptions,
  ) {
    ws.on('message', (data: Buffer) => this.receive(data));
    ws.on('close', () => {
      this.closed = true;
      this.fail(new Error('socket closed'));
    });
    ws.on('error', (error) => this.fail(error));
  }

  /** Opens the WebSocket, waits for the Engine.IO open packet, connects to the default namespace with the token. */
  static open(baseUrl: string, token: string, index: number, options: LiveClientOptions = {}): Promise<LiveClient> {
    const url = `${baseUrl.replace(/^http/, 'ws')}${LIVE_PATH}/?EIO=4&transport=websocket`;
    // skipUTF8Validation: the server is trusted and the validation would be client CPU the gateway does not pay
    const ws = new WebSocket(url, { skipUTF8Validation: true, perMessageDeflate: false });
    const client = new LiveClient(index, ws, token, options);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`client ${index}: no connect answer in 60 s`)), 60_000);
      client.connected = {
        resolve: () => {
          clearTimeout(timer);
          resolve(client);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
  }

  private receive(data: Buffer): void {
    const at = now();
    const bytes = data.length + frameHeaderBytes(data.length);
    this.stats.frames++;
    this.stats.bytes += bytes;
    const text = data.toString();
    const type = text.charCodeAt(0);
    if (type === 50 /* '2' ping */) {
      this.ws.send('3');
      return;
    }
    if (type === 48 /* '0' open */) {
      this.ws.send(`40${JSON.stringify({ token: this.token })}`);
      return;
    }
    if (type !== 52 /* '4' message */) return;
    const packet = text.charCodeAt(1);
    if (packet === 48 /* '0' connect */) {
      this.connected?.resolve(undefined);
      this.connected = undefined;
    } else if (packet === 52 /* '4' connect error */) {
      this.fail(new Error(`connect refused: ${text.slice(2)}`));
    } else if (packet === 50 /* '2' event */) {
      this.event(text, at, bytes);
    } else if (packet === 51 /* '3' ack */) {
      const bracket = text.indexOf('[');
      const id = Number(text.slice(2, bracket));
      const pending = this.acks.get(id);
      this.acks.delete(id);
      pending?.resolve((JSON.parse(text.slice(bracket)) as unknown[])[0]);
    }
  }

  private event(text: string, at: number, bytes: number): void {
    // the event name is the first string of the array: 42["patch",{…}]
    const start = text.indexOf('"') + 1;
    const name = text.slice(start, text.indexOf('"', start));
    const seen = this.stats.events.get(name) ?? { count: 0, bytes: 0 };
    seen.count++;
    seen.bytes += bytes;
    this.stats.events.set(name, seen);
    const { onEvent } = this.options;
    if (!onEvent) return;
    const data = this.options.parse ? (JSON.parse(text.slice(2)) as unknown[])[1] : undefined;
    onEvent(this, { name, data, at, bytes });
  }

  /** Replaces what happens on each event (a stage of the benchmark that needs other arrivals than the last). */
  listen(options: LiveClientOptions): void {
    this.options = options;
  }

  private fail(error: Error): void {
    this.connected?.reject(error);
    this.connected = undefined;
    for (const pending of this.acks.values()) pending.reject(error);
    this.acks.clear();
  }

  /** Sends an event with an acknowledgement and resolves with the server's answer. */
  private call<T>(name: string, payload: unknown): Promise<T> {
    const id = this.nextAck++;
    return new Promise<T>((resolve, reject) => {
      this.acks.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.ws.send(`42${id}${JSON.stringify([name, payload])}`);
    });
  }

  subscribe(request: SubscribeRequest): Promise<SubscribeAck> {
    return this.call<SubscribeAck>('subscribe', request);
  }

  /** Forgets what was counted so far (a measurement starts from zero). */
  resetStats(): void {
    this.stats.frames = 0;
    this.stats.bytes = 0;
    this.stats.events.clear();
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** Runs `work` for 0…count-1 with at most `concurrency` in flight; answers the results in index order. */
export const inBatches = async <T>(
  count: number,
  concurrency: number,
  work: (i: number) => Promise<T>,
): Promise<T[]> => {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await work(i);
      }
    }),
  );
  return out;
};

/** Opens `count` clients, `concurrency` handshakes at a time (a burst of 10,000 would only measure the accept queue). */
export const openFleet = (
  baseUrl: string,
  token: string,
  count: number,
  options: LiveClientOptions = {},
  firstIndex = 0,
  concurrency = 50,
): Promise<LiveClient[]> =>
  inBatches(count, concurrency, (i) => LiveClient.open(baseUrl, token, firstIndex + i, options));

export const closeFleet = async (clients: readonly LiveClient[]): Promise<void> => {
  await inBatches(clients.length, 200, (i) => (clients[i] as LiveClient).close());
};
