import type { LeakEvent, NightFlowSeries, NightlineDay } from '@waterops/shared/dma';
import { describe, expect, it } from 'vitest';
import {
  CURVE_FRAME,
  curveLayout,
  daySlots,
  defaultCurveDays,
  TREND_FRAME,
  trendLayout,
  withGaps,
} from './nightFlowGeometry.ts';

const night = (day: string, nightline: number | null, baseline: number | null = 10): NightlineDay => ({
  day,
  nightline,
  minAt: nightline === null ? null : `${day}T19:00:00Z`,
  points: nightline === null ? 3 : 24,
  expected: 24,
  legitimate: 4,
  leakage: nightline === null ? null : nightline - 4,
  meanFlow: 30,
  baseline,
  cusum: 0,
});

const event = (over: Partial<LeakEvent> = {}): LeakEvent => ({
  id: 1,
  districtId: 7,
  districtName: '东区',
  kind: 'step',
  status: 'open',
  startDay: '2026-03-03',
  detectedDay: '2026-03-05',
  firstDetectedAt: '2026-11-20T02:00:00.000Z',
  repairedDay: null,
  magnitude: 5,
  volume: 360,
  level: 'warning',
  alarmId: 99,
  ...over,
});

const series = (days: NightlineDay[], events: LeakEvent[] = []): NightFlowSeries => ({
  districtId: 7,
  districtName: '东区',
  intervalMinutes: 15,
  days,
  events,
  warmup: { required: 21, have: 21, readyDay: '2026-02-01', baselineFrom: null, baselineTo: null },
});

describe('daySlots', () => {
  it('gives every day of the range a slot, null where the server has none', () => {
    const slots = daySlots([night('2026-03-01', 10), night('2026-03-03', 11)], '2026-03-01', '2026-03-04');
    expect(slots.map((s) => [s.day, s.row?.nightline ?? null])).toEqual([
      ['2026-03-01', 10],
      ['2026-03-02', null],
      ['2026-03-03', 11],
      ['2026-03-04', null],
    ]);
  });
});

describe('trendLayout', () => {
  const days = [
    night('2026-03-01', 10),
    night('2026-03-02', 10),
    night('2026-03-03', null),
    night('2026-03-04', 15),
    night('2026-03-05', 15),
  ];

  it('spreads the days over the frame and scales from zero to the highest value', () => {
    const t = trendLayout(series(days), '2026-03-01', '2026-03-05');
    expect(t.x(0)).toBe(TREND_FRAME.margin.left);
    expect(t.x(4)).toBe(TREND_FRAME.width - TREND_FRAME.margin.right);
    expect(t.y.domain()[0]).toBe(0);
    expect(t.y.domain()[1]).toBeGreaterThanOrEqual(15);
    expect(t.hasData).toBe(true);
  });

  it('breaks the nightline at a night with too few points (two segments), never drops to zero', () => {
    const t = trendLayout(series(days), '2026-03-01', '2026-03-05');
    expect(t.nightline.match(/M/g)).toHaveLength(2);
    expect(t.nightline).not.toContain(`,${t.y(0)}`);
  });

  it('marks a nightline with no neighbour as a dot (a line through one point draws nothing)', () => {
    const t = trendLayout(series(days), '2026-03-01', '2026-03-05');
    expect(t.isolated).toEqual([]);
    const lone = trendLayout(series([night('2026-03-01', 10), night('2026-03-03', 12)]), '2026-03-01', '2026-03-04');
    expect(lone.isolated).toEqual([
      { x: lone.x(0), y: lone.y(10) },
      { x: lone.x(2), y: lone.y(12) },
    ]);
  });

  it('breaks at days the server did not return', () => {
    const t = trendLayout(series([night('2026-03-01', 10), night('2026-03-05', 12)]), '2026-03-01', '2026-03-05');
    expect(t.nightline.match(/M/g)).toHaveLength(2);
  });

  it('marks a step at its start day with a band to the detected day', () => {
    const t = trendLayout(series(days, [event()]), '2026-03-01', '2026-03-05');
    expect(t.events).toEqual([{ id: 1, kind: 'step', status: 'open', startX: t.x(2), detectedX: t.x(4), slope: '' }]);
  });

  it('draws a trend as a band sloping up by its magnitude', () => {
    const t = trendLayout(
      series(days, [event({ kind: 'trend', startDay: '2026-03-01', detectedDay: '2026-03-05' })]),
      '2026-03-01',
      '2026-03-05',
    );
    const mark = t.events[0];
    expect(mark?.slope).toMatch(/^M.*Z$/);
    // the band's top edge ends higher (smaller y) than it starts, by the magnitude's height
    const numbers = (mark?.slope ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
    const [, y0, , y1] = numbers;
    expect((y0 ?? 0) - (y1 ?? 0)).toBeCloseTo(t.y(10) - t.y(15), 5);
  });

  it('clamps an event that started before the range to its first day and drops one detected before it', () => {
    const t = trendLayout(
      series(days, [
        event({ id: 1, startDay: '2026-02-20', detectedDay: '2026-03-02' }),
        event({ id: 2, startDay: '2026-02-01', detectedDay: '2026-02-10' }),
      ]),
      '2026-03-01',
      '2026-03-05',
    );
    expect(t.events.map((e) => [e.id, e.startX])).toEqual([[1, t.x(0)]]);
  });

  it('shades the warm-up: from the first nightline to the first baseline, or to the last night without one', () => {
    const warming = [
      night('2026-03-01', 12, null),
      night('2026-03-02', 14, null),
      night('2026-03-03', 10, 10),
      night('2026-03-04', 10, 10),
    ];
    const t = trendLayout(series(warming), '2026-02-28', '2026-03-04');
    expect(t.warmUp).toEqual({ x0: t.x(1), x1: t.x(3) });
    const still = trendLayout(series(warming.slice(0, 2)), '2026-03-01', '2026-03-02');
    expect(still.warmUp).toEqual({ x0: still.x(0), x1: still.x(1) });
    expect(trendLayout(series(days), '2026-03-01', '2026-03-05').warmUp).toBeNull();
    expect(trendLayout(series([]), '2026-03-01', '2026-03-05').warmUp).toBeNull();
  });

  it('has no data when no night has a nightline', () => {
    const t = trendLayout(series([night('2026-03-01', null)]), '2026-03-01', '2026-03-02');
    expect(t.hasData).toBe(false);
    expect(t.nightline).toBe('');
  });

  it('labels about ten days, always the last', () => {
    const t = trendLayout(series([]), '2026-01-01', '2026-03-31');
    expect(t.xTicks.length).toBeLessThanOrEqual(11);
    expect(t.xTicks.at(-1)?.label).toBe('03-31');
  });
});

describe('curves', () => {
  it('breaks a curve where points are missing for more than 3 intervals', () => {
    expect(
      withGaps([
        [0, 1],
        [15, 2],
        [30, 3],
        [120, 4],
        [135, 5],
      ]),
    ).toEqual([[0, 1], [15, 2], [30, 3], null, [120, 4], [135, 5]]);
  });

  it('lays the day out 00:00–24:00, shades the night window and marks the minimum', () => {
    const c = curveLayout([
      {
        day: '2026-03-05',
        points: [
          [0, 12],
          [180, 8],
          [360, 20],
          [720, 40],
        ],
        nightline: 8,
        minMinute: 180,
      },
    ]);
    expect(c.x(0)).toBe(CURVE_FRAME.margin.left);
    expect(c.x(1440)).toBe(CURVE_FRAME.width - CURVE_FRAME.margin.right);
    expect(c.night.x).toBe(c.x(0));
    expect(c.night.width).toBeCloseTo(c.x(360) - c.x(0), 6);
    expect(c.xTicks.map((t) => t.label)).toEqual([
      '00:00',
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '24:00',
    ]);
    expect(c.lines[0]?.min).toEqual({ x: c.x(180), y: c.y(8) });
    expect(c.lines[0]?.nightlineY).toBe(c.y(8));
    expect(c.hasData).toBe(true);
  });

  it('has no minimum without a nightline', () => {
    const c = curveLayout([{ day: '2026-03-05', points: [], nightline: null, minMinute: null }]);
    expect(c.lines[0]?.min).toBeNull();
    expect(c.hasData).toBe(false);
  });
});

describe('defaultCurveDays', () => {
  it('opens on the latest day, the day before the newest event and its detected day', () => {
    const s = series(
      [night('2026-03-01', 10), night('2026-03-06', 15), night('2026-03-07', null)],
      [event({ id: 1, startDay: '2026-02-01', detectedDay: '2026-02-03' }), event({ id: 2 })],
    );
    expect(defaultCurveDays(s)).toEqual(['2026-03-02', '2026-03-05', '2026-03-06']);
  });

  it('is the latest day alone without events, and nothing without data', () => {
    expect(defaultCurveDays(series([night('2026-03-01', 10)]))).toEqual(['2026-03-01']);
    expect(defaultCurveDays(series([]))).toEqual([]);
  });
});
