// Seeded random numbers for the leak benchmark: every figure of a scenario comes from (seed, stream, index), so any
// day can be regenerated on its own and the same seed always gives the same year.

/** mulberry32: a small, fast 32-bit generator; plenty for test data (not for anything secret). */
export const generator = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** A generator for one named stream of one seed (e.g. the noise of day 17), independent of the others. */
export const streamOf = (seed: number, stream: string, index = 0): (() => number) => {
  let h = 2166136261 ^ seed;
  for (const c of `${stream}#${index}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return generator(h >>> 0);
};

/** A standard normal draw (Box–Muller) from a uniform generator. */
export const normal = (next: () => number): number =>
  Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());

/** A uniform draw in [a, b). */
export const between = (next: () => number, a: number, b: number): number => a + (b - a) * next();

/** The items in a random order (Fisher–Yates). */
export const shuffled = <T>(next: () => number, items: readonly T[]): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};
