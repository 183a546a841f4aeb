// Small statistics the nightline detector needs: robust centre and spread (median, MAD) and the two change shapes
// it tells apart — a step (two levels) and a trend (a straight line) — fitted by least squares.

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

/** Median absolute deviation scaled to a normal standard deviation (× 1.4826). */
export const madSigma = (values: readonly number[]): number => {
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
};

export type LineFit = { intercept: number; slope: number; sse: number; slopeT: number };

/** Least-squares line y = intercept + slope·x, its residual sum of squares and the t statistic of the slope. */
export const fitLine = (xs: readonly number[], ys: readonly number[]): LineFit => {
  const n = xs.length;
  const mx = xs.reduce((s, x) => s + x, 0) / n;
  const my = ys.reduce((s, y) => s + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += ((xs[i] as number) - mx) ** 2;
    sxy += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = my - slope * mx;
  let sse = 0;
  for (let i = 0; i < n; i++) sse += ((ys[i] as number) - intercept - slope * (xs[i] as number)) ** 2;
  const se = n > 2 && sxx > 0 ? Math.sqrt(sse / (n - 2) / sxx) : Number.POSITIVE_INFINITY;
  const slopeT = se > 0 ? slope / se : slope > 0 ? Number.POSITIVE_INFINITY : 0;
  return { intercept, slope, sse, slopeT };
};

export type StepFit = { split: number; before: number; after: number; sse: number };

/**
 * The best single step in ys: the split index (first value of the new level; 0 = no step, one level) minimising
 * the residual sum of squares of the two means.
 */
export const fitStep = (ys: readonly number[]): StepFit => {
  const n = ys.length;
  const total = ys.reduce((s, y) => s + y, 0);
  const totalSq = ys.reduce((s, y) => s + y * y, 0);
  let best: StepFit = { split: 0, before: Number.NaN, after: total / n, sse: totalSq - (total * total) / n };
  let left = 0;
  let leftSq = 0;
  for (let m = 1; m < n; m++) {
    const y = ys[m - 1] as number;
    left += y;
    leftSq += y * y;
    const right = total - left;
    const sse = leftSq - (left * left) / m + (totalSq - leftSq) - (right * right) / (n - m);
    if (sse < best.sse - 1e-12) best = { split: m, before: left / m, after: right / (n - m), sse };
  }
  return best;
};
