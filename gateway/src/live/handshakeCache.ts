// Who a bearer token is, remembered for a few seconds by the live layer's handshake: a reconnect storm (a gateway
// restart, a network blip in the control room) brings every tab of every operator back at once, and without this
// each socket costs one `users/current` call upstream (≈ 60 handshakes/s on one process, measured). Only accepted
// tokens are kept, at most `ttlMs` (no longer than the periodic session check, which drops a revoked token's
// sockets anyway), and concurrent handshakes of one token share one lookup.
/** Looks a token up upstream; an answer with status 'ok' is an acceptance (the only kind kept). */
export type HandshakeLookup<A extends { status: string }> = (token: string) => Promise<A>;

const MAX_ENTRIES = 10_000;

export class HandshakeCache<A extends { status: string }> {
  readonly #entries = new Map<string, { answer: Promise<A>; until: number }>();

  constructor(
    private readonly lookup: HandshakeLookup<A>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The lookup's answer for `token`: a fresh cached acceptance, the one in flight, or a new lookup. */
  get(token: string): Promise<A> {
    const now = this.clock();
    const entry = this.#entries.get(token);
    if (entry && entry.until > now) return entry.answer;
    if (entry) this.#entries.delete(token);
    if (this.ttlMs <= 0) return this.lookup(token);
    const answer = this.lookup(token);
    // Map keeps insertion order: when full, the oldest goes
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(token, { answer, until: now + this.ttlMs });
    // a refusal, an outage or a failure is not remembered: the next handshake asks again
    answer.then(
      (a) => a.status === 'ok' || this.#forget(token, answer),
      () => this.#forget(token, answer),
    );
    return answer;
  }

  /** The token was refused elsewhere (signed out): its next handshake asks upstream. */
  drop(token: string): void {
    this.#entries.delete(token);
  }

  get size(): number {
    return this.#entries.size;
  }

  #forget(token: string, answer: Promise<A>): void {
    if (this.#entries.get(token)?.answer === answer) this.#entries.delete(token);
  }
}
