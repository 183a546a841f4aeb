// Seeded noise for the detector's tests (nightlineDetection.test.ts and .property.test.ts): a failing series can be
// rebuilt from its seed.

/** A seeded PRNG (mulberry32). */
export const prng = (seed: number) => {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** Gaussian noise (Box–Muller). */
export const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
