// The benchmarks' pure helpers (tests/bench/benchStats.ts): the benches themselves only print figures, so a wrong
// percentile or a misaligned table would go unnoticed. Here (not beside the file) because the vitest projects collect
// tests from integration/, not bench/; nothing in it touches a database.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTable, percentile, round, spread, summarizePlan, throughput } from '../bench/benchStats.ts';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('answers the value at the rank ceil(p/100 · n) of sorted numbers', () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([3, 7, 9], 50)).toBe(7);
    expect(percentile([3, 7, 9], 95)).toBe(9);
  });

  it('stays inside the data at the edges, and is NaN without data', () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile([42], 95)).toBe(42);
    expect(percentile([], 50)).toBeNaN();
  });

  it('is one of the measured values and never falls as p rises', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (values, p, q) => {
          const sorted = [...values].sort((a, b) => a - b);
          expect(sorted).toContain(percentile(sorted, p));
          const [lo, hi] = p <= q ? [p, q] : [q, p];
          expect(percentile(sorted, lo)).toBeLessThanOrEqual(percentile(sorted, hi));
        },
      ),
    );
  });
});

describe('spread, round, throughput', () => {
  it('spread sorts the times itself and rounds p50 / p95 to 0.1 ms', () => {
    const times = Array.from({ length: 20 }, (_, i) => 20 - i + 0.04);
    expect(spread(times)).toEqual({ p50Ms: 10, p95Ms: 19 });
    expect(round(12.349)).toBe(12.3);
    expect(round(12.35001)).toBe(12.4);
  });

  it('throughput is whole rows per second, 0 when nothing was timed', () => {
    expect(throughput(10_000, 40_000)).toBe(250);
    expect(throughput(10, 3)).toBe(3333);
    expect(throughput(10, 0)).toBe(0);
  });
});

describe('formatTable', () => {
  it('pads the first column left-aligned and the figures right-aligned under a rule', () => {
    expect(
      formatTable(
        ['case', 'p50'],
        [
          ['page 1', '7.5'],
          ['by area', '12.25'],
        ],
      ),
    ).toEqual(['case       p50', '-------  -----', 'page 1     7.5', 'by area  12.25']);
  });
});

describe('summarizePlan', () => {
  it('keeps the scans and sorts without their costs, and the execution time', () => {
    const plan = [
      'Limit  (cost=0.42..9.1 rows=50 width=200) (actual time=0.02..0.1 rows=50 loops=1)',
      '  ->  Index Scan using water_meters_code_uq on water_meters t  (cost=0.42..1.2 rows=1 width=200) (actual time=0.01..0.05 rows=50 loops=1)',
      '        Index Cond: (company_id = 1)',
      '  ->  Sort  (cost=1..2 rows=1 width=8)',
      '        Sort Method: quicksort  Memory: 25kB',
      'Planning Time: 0.2 ms',
      'Execution Time: 0.135 ms',
    ];
    const s = summarizePlan('page 1 (rows)', plan);
    expect(s.scans).toEqual([
      'Index Scan using water_meters_code_uq on water_meters t',
      'Sort Method: quicksort  Memory: 25kB',
    ]);
    expect(s.executionMs).toBe(0.135);
    expect(s.plan).toBe(plan);
    expect(summarizePlan('x', ['Seq Scan on t']).executionMs).toBeNaN();
  });
});
