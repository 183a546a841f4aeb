import { describe, expect, it } from 'vitest';
import {
  barLayout,
  DEFAULT_FRAME,
  linePath,
  MAX_BAR,
  nearestIndex,
  thinLabels,
  timeScale,
  timeTickLabel,
  tooltipPosition,
  valueScale,
  valueTicks,
} from './chartGeometry.ts';

const frame = DEFAULT_FRAME;
const plotBottom = frame.height - frame.margin.bottom;

describe('barLayout', () => {
  it('draws bars from the zero line, taller for larger values, inside the frame', () => {
    const { bars, zero } = barLayout([1, 2, 0], frame);
    expect(zero).toBe(plotBottom);
    const [one, two, none] = bars as [(typeof bars)[0], (typeof bars)[0], (typeof bars)[0]];
    expect(two.height).toBeCloseTo(one.height * 2, 5);
    expect(one.y + one.height).toBeCloseTo(zero, 5);
    expect(none.height).toBe(0);
    expect(one.x).toBeGreaterThanOrEqual(frame.margin.left);
    expect(none.x + none.width).toBeLessThanOrEqual(frame.width - frame.margin.right);
    expect(one.x).toBeLessThan(two.x);
  });

  it('keeps a few bars slim and centred in their band', () => {
    const { bars, bandwidth } = barLayout([1, 2, 3], frame);
    expect(bandwidth).toBeGreaterThan(MAX_BAR);
    expect(bars.every((b) => b.width === MAX_BAR)).toBe(true);
  });

  it('draws a negative value below the zero line', () => {
    const { bars, zero } = barLayout([2, -1], frame);
    expect(zero).toBeLessThan(plotBottom);
    expect(bars[1]?.y).toBeCloseTo(zero, 5);
  });

  it('keeps a fixed domain (a percentage axis up to 100)', () => {
    const { y } = barLayout([50], frame, [0, 100]);
    expect(y.domain()).toEqual([0, 100]);
    expect(y(100)).toBe(frame.margin.top);
  });
});

describe('valueTicks', () => {
  it('labels with the decimals the step needs', () => {
    expect(valueTicks(valueScale([0.3], frame)).map((t) => t.label)).toEqual([
      '0.00',
      '0.05',
      '0.10',
      '0.15',
      '0.20',
      '0.25',
      '0.30',
    ]);
    expect(valueTicks(valueScale([100], frame)).map((t) => t.label)).toEqual(['0', '20', '40', '60', '80', '100']);
  });

  it('gives an all-zero series an axis instead of dividing by zero', () => {
    expect(valueTicks(valueScale([0, 0], frame)).length).toBeGreaterThan(1);
  });
});

describe('thinLabels', () => {
  it.each([
    [5, 12, [true, true, true, true, true]],
    [10, 3, [true, false, false, false, true, false, false, false, false, true]],
  ])('%i labels, at most about %i shown', (n, max, expected) => {
    expect(thinLabels(n, max)).toEqual(expected);
  });

  it('always shows the first and the last of many', () => {
    const shown = thinLabels(90, 12);
    expect(shown[0]).toBe(true);
    expect(shown[89]).toBe(true);
    expect(shown.filter(Boolean).length).toBeLessThanOrEqual(13);
  });
});

describe('time axis', () => {
  it('labels hours within a day, days over weeks, months over years', () => {
    const at = new Date(2026, 10, 3, 8, 5);
    expect(timeTickLabel(at, 3_600_000)).toBe('08:05');
    expect(timeTickLabel(at, 30 * 86_400_000)).toBe('11-03');
    expect(timeTickLabel(at, 800 * 86_400_000)).toBe('2026-11');
  });

  it('maps the range onto the plot and gives a few ticks', () => {
    const from = new Date(2026, 10, 1);
    const to = new Date(2026, 10, 30);
    const { x, ticks } = timeScale(from, to, frame);
    expect(x(from)).toBe(frame.margin.left);
    expect(x(to)).toBe(frame.width - frame.margin.right);
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.length).toBeLessThan(12);
  });
});

describe('linePath', () => {
  const x = (d: Date) => d.getTime() / 1000;
  const y = (v: number) => v;
  it('breaks the line where a value is missing instead of drawing it to zero', () => {
    const path = linePath(
      [
        { time: new Date(1000), value: 1 },
        { time: new Date(2000), value: 2 },
        { time: new Date(3000), value: null },
        { time: new Date(4000), value: 4 },
        { time: new Date(5000), value: 5 },
      ],
      x,
      y,
    );
    expect(path).toBe('M1,1L2,2M4,4L5,5');
  });
  it('is empty without points', () => {
    expect(linePath([], x, y)).toBe('');
  });
});

describe('nearestIndex', () => {
  it.each([
    [[10, 20, 30], 24, 1],
    [[10, 20, 30], 26, 2],
    [[10, 20, 30], -5, 0],
    [[], 3, -1],
  ])('in %j the nearest to %d is #%d', (xs, at, index) => {
    expect(nearestIndex(xs, at)).toBe(index);
  });
});

describe('tooltipPosition', () => {
  it.each([
    [360, '50%', '-50%'],
    [20, `${(20 / 720) * 100}%`, '0%'],
    [700, `${(700 / 720) * 100}%`, '-100%'],
  ])('over x = %d sits at %s, shifted %s', (x, left, shift) => {
    const p = tooltipPosition(x, 120, frame);
    expect(p.left).toBe(left);
    expect(p.top).toBe('50%');
    expect(p.transform).toBe(`translate(${shift}, calc(-100% - 6px))`);
  });
});
