// Use between two register reads of a meter: the register only counts up, restarts at 0 after its max reading
// (rollover) and restarts at a new base when the meter is swapped. A drop that is not a rollover is reverse flow:
// reported as negative use, never credited (the daily series keeps a high-water mark).

/** Registers are numeric(14,3): every figure is kept to the litre so sums do not drift. */
export const round3 = (v: number): number => Math.round(v * 1000) / 1000;

export type StepKind = 'forward' | 'rollover' | 'negative';
export type Step = { use: number; kind: StepKind };

/**
 * The use from register `prev` to register `cur`. The register runs up to `maxReading` then restarts at 0, so a
 * drop is a rollover (use = max − prev + cur) when that wrapped use is under half the register's range: a reverse
 * flow moves the register back by a little, a rollover by almost all of it. Any other drop is reverse flow
 * (negative use). Without a max reading every drop is reverse flow.
 */
export const registerStep = (prev: number, cur: number, maxReading: number | null): Step => {
  const diff = round3(cur - prev);
  if (diff >= 0) return { use: diff, kind: 'forward' };
  if (maxReading != null && maxReading > 0) {
    const wrapped = round3(maxReading - prev + cur);
    if (wrapped >= 0 && wrapped < maxReading / 2) return { use: wrapped, kind: 'rollover' };
  }
  return { use: diff, kind: 'negative' };
};

/** A meter swap: the old meter's last read was `oldFinalReading`, the new one starts at `newBaseReading`. */
export type Swap = { oldFinalReading: number; newBaseReading: number };

/**
 * The use from `prev` (read on the old meter) to `cur` (read on the new one) across a swap:
 * (old final − prev) + (cur − new base), each part with the rollover rule of its own register.
 */
export const swapStep = (prev: number, swap: Swap, cur: number, maxReading: number | null): Step => {
  const before = registerStep(prev, swap.oldFinalReading, maxReading);
  const after = registerStep(swap.newBaseReading, cur, maxReading);
  const use = round3(before.use + after.use);
  const kinds = [before.kind, after.kind];
  const kind: StepKind = kinds.includes('negative') ? 'negative' : kinds.includes('rollover') ? 'rollover' : 'forward';
  return { use, kind };
};

/** The register `use` m³ after `reading`, wrapped at the max reading (the inverse of registerStep). */
export const advanceRegister = (reading: number, use: number, maxReading: number | null): number => {
  const next = round3(reading + use);
  if (maxReading == null || maxReading <= 0 || next < maxReading) return next;
  return round3(next - maxReading * Math.floor(next / maxReading));
};
