// A fake Socket.IO client socket for the live client's tests: an EventEmitter the test drives as the server.
import { EventEmitter } from 'node:events';
import type { SubscribeAck, SubscribeRequest } from '@waterops/shared/live';
import type { LiveSocket } from './liveClient.ts';

type Sent = { event: string; request: SubscribeRequest };

export class FakeLiveSocket implements LiveSocket {
  connected = false;
  active = true;
  /** what the client sent (subscribe, resync, unsubscribe), in order */
  readonly sent: Sent[] = [];
  /** the answer to subscribe / resync */
  answer: SubscribeAck = { ok: true, key: '' };
  private readonly server = new EventEmitter();

  constructor(readonly token: string | null) {}

  on(event: string, handler: (...args: never[]) => void): this {
    this.server.on(event, handler as (...args: unknown[]) => void);
    return this;
  }
  emit(event: string, ...args: unknown[]): this {
    const [request, ack] = args as [SubscribeRequest, ((a: SubscribeAck) => void) | undefined];
    this.sent.push({ event, request });
    ack?.(this.answer);
    return this;
  }
  connect(): this {
    this.connected = true;
    this.active = true;
    this.server.emit('connect');
    return this;
  }
  disconnect(): this {
    if (!this.connected) return this;
    this.connected = false;
    this.active = false;
    this.server.emit('disconnect', 'io client disconnect');
    return this;
  }
  /** the connection dropped (the socket will try again by itself) */
  drop(): void {
    this.connected = false;
    this.server.emit('disconnect', 'transport close');
  }
  /** the server sends an event */
  push(event: string, payload: unknown): void {
    this.server.emit(event, payload);
  }
  /** the events of one kind the client sent */
  sentOf(event: string): SubscribeRequest[] {
    return this.sent.filter((s) => s.event === event).map((s) => s.request);
  }
}
