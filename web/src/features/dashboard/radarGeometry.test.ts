import { describe, expect, it } from 'vitest';
import { radarAngle, radarGeometry } from './radarGeometry.ts';
import { rankingBars } from './rankingBars.ts';
import { sparkline } from './sparklineGeometry.ts';

const frame = { cx: 100, cy: 100, radius: 50, rings: 5, labelGap: 10 };
const dist = (p: { x: number; y: number }) => Math.hypot(p.x - frame.cx, p.y - frame.cy);

describe('the radar geometry', () => {
  it('puts the first axis straight up and the others clockwise at equal angles', () => {
    const g = radarGeometry([100, 100, 100, 100, 100], frame);
    expect(g.axes[0]?.end).toEqual({ x: 100, y: 50 });
    // clockwise on screen (y down): the second axis is to the right of the first, the last to its left
    expect(g.axes[1]?.end.x).toBeGreaterThan(100);
    expect(g.axes[4]?.end.x).toBeLessThan(100);
    for (let i = 0; i < 5; i++) expect(radarAngle(i + 1, 5) - radarAngle(i, 5)).toBeCloseTo((2 * Math.PI) / 5);
    for (const axis of g.axes) expect(dist(axis.end)).toBeCloseTo(50, 1);
  });

  it.each([
    { value: 100, distance: 50 },
    { value: 50, distance: 25 },
    { value: 0, distance: 0 },
    { value: 140, distance: 50 }, // clamped: a bad figure never leaves the chart
    { value: -5, distance: 0 },
  ])('places $value % at $distance from the centre', ({ value, distance }) => {
    const g = radarGeometry([value, 0, 0, 0, 0], frame);
    expect(dist(g.axes[0]?.point ?? { x: 0, y: 0 })).toBeCloseTo(distance, 1);
  });

  it('draws an axis without a figure at the centre and flags it', () => {
    const g = radarGeometry([80, null, 60, 70, 90], frame);
    expect(g.axes.map((a) => a.missing)).toEqual([false, true, false, false, false]);
    expect(g.axes[1]?.point).toEqual({ x: 100, y: 100 });
  });

  it('gives the rings at even steps and the shape through every value point', () => {
    const g = radarGeometry([100, 80, 60, 40, 20], frame);
    expect(g.rings).toHaveLength(5);
    const firstPoint = (points: string) => points.split(' ')[0];
    expect(g.rings.map(firstPoint)).toEqual(['100,90', '100,80', '100,70', '100,60', '100,50']);
    expect(g.shape.split(' ')).toHaveLength(5);
    expect(g.shape.split(' ')[0]).toBe('100,50');
  });

  it('anchors the labels away from the chart: the top one centred, right ones at their start, left ones at their end', () => {
    const g = radarGeometry([1, 1, 1, 1, 1], frame);
    expect(g.axes.map((a) => a.anchor)).toEqual(['middle', 'start', 'start', 'end', 'end']);
    expect(g.axes[0]?.label).toEqual({ x: 100, y: 40 });
  });
});

describe('the sparkline and the ranking bars', () => {
  it('spans the width and breaks the line at a day without a rate', () => {
    const s = sparkline([100, null, 0], { width: 100, height: 50, pad: 0 });
    expect(s.points).toEqual([{ x: 0, y: 0 }, null, { x: 100, y: 50 }]);
    // two separate segments: two move-tos
    expect(s.path.match(/M/g)).toHaveLength(2);
  });

  it('draws each area against the largest, from zero', () => {
    const bars = rankingBars([
      { areaId: 1, areaName: 'A', volumeM3: 200 },
      { areaId: 2, areaName: 'B', volumeM3: 50 },
      { areaId: 3, areaName: 'C', volumeM3: 0 },
    ]);
    expect(bars.map((b) => b.widthPercent)).toEqual([100, 25, 0]);
    expect(rankingBars([{ areaId: 1, areaName: 'A', volumeM3: 0 }])[0]?.widthPercent).toBe(0);
  });
});
