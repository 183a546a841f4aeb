// What the statistics route keeps per audience and widget: the last figures' tag and the instant they were first
// computed (a poll finding the same figures keeps their "as of", so the ETag — the figures' hash — and the whole
// answer stay the same and the live layer pushes nothing), and the figures themselves, which a slow widget serves
// again while fresh. Bounded: the least recently used audiences go first.
import { createHash } from 'node:crypto';

export type MemoEntry = {
  /** hash of the figures */
  tag: string;
  /** when these figures were first computed (ISO) */
  asOf: string;
  figures: unknown;
  /** when they were last computed (ms) */
  computedAt: number;
  /** the period they belong to (the China day): a new day computes anew however fresh */
  period: string;
};

/** A short hash of the figures' JSON (object keys in the order the metrics write them). */
export const figuresTag = (figures: unknown): string =>
  createHash('sha1').update(JSON.stringify(figures)).digest('base64url').slice(0, 22);

export class WidgetMemo {
  readonly #entries = new Map<string, MemoEntry>();

  constructor(private readonly maxEntries = 10_000) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The figures of `key` computed less than `freshMs` ago in the same period, if any (freshMs 0: never). */
  fresh(key: string, nowMs: number, period: string, freshMs: number): MemoEntry | undefined {
    const e = this.#entries.get(key);
    if (!e || e.period !== period) return undefined;
    const age = nowMs - e.computedAt;
    return age >= 0 && age < freshMs ? e : undefined;
  }

  /** Keeps newly computed figures; unchanged ones keep their first "as of". */
  remember(key: string, figures: unknown, now: Date, period: string): MemoEntry {
    const tag = figuresTag(figures);
    const last = this.#entries.get(key);
    const entry: MemoEntry = {
      tag,
      asOf: last && last.tag === tag ? last.asOf : now.toISOString(),
      figures,
      computedAt: now.getTime(),
      period,
    };
    // re-inserted: a Map iterates in insertion order, so the first key is the least recently computed
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    return entry;
  }
}
