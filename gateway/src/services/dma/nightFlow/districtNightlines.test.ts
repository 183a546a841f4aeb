import { addDays, dayStart } from '@waterops/shared/reading';
import { describe, expect, it } from 'vitest';
import { districtFlow, districtInterval, districtNightlines } from './districtNightlines.ts';
import type { FlowSample } from './nightline.ts';

const FROM = '2026-03-01';
/** Samples every `step` minutes over n days: `night` m³/h from 00:00 to 06:00, `day` after. */
const samples = (n: number, step: number, night: number, day: number, skipDay = -1): FlowSample[] => {
  const out: FlowSample[] = [];
  for (let d = 0; d < n; d++) {
    if (d === skipDay) continue;
    const t0 = dayStart(addDays(FROM, d)).getTime();
    for (let m = step; m <= 1440; m += step) out.push({ at: new Date(t0 + m * 60_000), flow: m <= 360 ? night : day });
  }
  return out;
};

describe('districtNightlines', () => {
  it('combines inlets minus outlets and gives each day its nightline, leakage and mean flow', () => {
    const meters = [
      { sign: 1 as const, samples: samples(3, 15, 10, 30) },
      { sign: -1 as const, samples: samples(3, 15, 2, 2) },
    ];
    const r = districtNightlines(meters, FROM, addDays(FROM, 2), 0.5);
    expect(r.intervalMinutes).toBe(15);
    expect(r.rows).toHaveLength(3);
    for (const row of r.rows) {
      expect(row.nightline).toBeCloseTo(8, 9);
      expect(row.leakage).toBeCloseTo(7.5, 9);
      expect(row.legitimate).toBe(0.5);
      expect(row.points).toBe(96);
      expect(row.meanFlow).toBeCloseTo((24 * 8 + 72 * 28) / 96, 9);
    }
    expect(r.samples).toHaveLength(3 * 96);
  });

  it('leaves a day without data without a nightline, and legitimate unknown as null leakage', () => {
    const r = districtNightlines([{ sign: 1, samples: samples(3, 15, 10, 30, 1) }], FROM, addDays(FROM, 2), null);
    expect(r.rows.map((x) => x.nightline)).toEqual([10, null, 10]);
    // the sample after the gap covers at most the hour before it (combineSeries): a few points, no nightline
    expect(r.rows[1]?.points).toBeLessThan(5);
    expect(r.rows[1]?.leakage).toBeNull();
    expect(r.rows[0]?.leakage).toBeNull();
  });

  it('works on the coarsest interval of the meters, and gives nothing without an inlet', () => {
    const meters = [
      { sign: 1 as const, samples: samples(1, 5, 10, 30) },
      { sign: -1 as const, samples: samples(1, 15, 1, 1) },
    ];
    expect(districtInterval(meters)).toBe(15);
    const flow = districtFlow(meters, FROM, FROM);
    expect(flow.samples).toHaveLength(96);
    expect(flow.samples[0]?.flow).toBeCloseTo(9, 9);
    expect(districtFlow([{ sign: -1, samples: samples(1, 15, 1, 1) }], FROM, FROM).samples).toEqual([]);
    expect(districtNightlines([], FROM, FROM, 1).rows[0]).toMatchObject({ nightline: null, points: 0 });
  });
});
