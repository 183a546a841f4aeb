// Deterministic randomness for the city simulator: a seeded sequential generator (sfc32) for building the plan, and
// stateless hashes for values that must be the same whichever window of time is generated first (a meter's use on
// a day, a reading's signal). Nothing in the simulator may use Math.random: same seed → same city and readings.

/** A 32-bit integer mix of up to four integers (murmur3's finalizer over a running combination). */
export const hash32 = (seed: number, a = 0, b = 0, c = 0): number => {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (a >>> 0), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13) ^ (b >>> 0), 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16) ^ (c >>> 0), 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** A uniform number in [0, 1) fixed by its inputs. */
export const unit = (seed: number, a = 0, b = 0, c = 0): number => hash32(seed, a, b, c) / 4_294_967_296;

/** A seeded sequential generator (sfc32: small, fast, passes PractRand) with the draws the planner needs. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = hash32(seed, 1);
    this.b = hash32(seed, 2);
    this.c = hash32(seed, 3);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.next();
  }

  /** The next uint32. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [min, max). */
  float(min = 0, max = 1): number {
    return min + (this.next() / 4_294_967_296) * (max - min);
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor((this.next() / 4_294_967_296) * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() / 4_294_967_296 < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor((this.next() / 4_294_967_296) * items.length)] as T;
  }

  /** Normally distributed (Box–Muller). */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next() / 4_294_967_296; // (0, 1]: log(0) never happens
    const v = this.next() / 4_294_967_296;
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Lognormal with median `median` and log-spread `sigma`: per-household scale of water use. */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(this.normal(0, sigma));
  }
}
