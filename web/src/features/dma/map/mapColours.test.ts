import { describe, expect, it } from 'vitest';
import {
  districtFill,
  LOSS_COLOURS,
  lossBucket,
  METER_COLOURS,
  meterColours,
  meterStatusKey,
  pipeColour,
  pipeWidth,
} from './mapColours.ts';

describe('lossBucket', () => {
  it.each([
    [0, 'good'],
    [0.1, 'good'],
    [0.1001, 'fair'],
    [0.12, 'fair'],
    [0.15, 'poor'],
    [0.2, 'poor'],
    [0.2001, 'bad'],
    [-0.05, 'good'],
    [null, 'none'],
    [Number.NaN, 'none'],
  ] as const)('%s → %s', (rate, bucket) => {
    expect(lossBucket(rate)).toBe(bucket);
  });
});

describe('districtFill', () => {
  it('colours by loss rate or by night-flow status, translucent', () => {
    const d = { lossRate: 0.25, nightFlowStatus: 'normal' as const };
    expect(districtFill(d, 'lossRate').slice(0, 3)).toEqual(LOSS_COLOURS.bad.slice(0, 3));
    expect(districtFill(d, 'nightFlow')).toEqual([35, 133, 81, 90]);
  });
});

describe('meterColours', () => {
  it('packs one RGBA per meter; an unknown status reads as offline', () => {
    const c = meterColours([0, 2, 1, 9]);
    expect(c).toBeInstanceOf(Uint8Array);
    expect(Array.from(c.slice(0, 4))).toEqual(METER_COLOURS.online);
    expect(Array.from(c.slice(4, 8))).toEqual(METER_COLOURS.alarm);
    expect(Array.from(c.slice(12, 16))).toEqual(METER_COLOURS.offline);
    expect(meterStatusKey(2)).toBe('alarm');
  });
});

describe('pipes', () => {
  it('widens with the DN class and pales pipes out of service', () => {
    expect(pipeWidth(50)).toBeLessThan(pipeWidth(200));
    expect(pipeWidth(200)).toBeLessThan(pipeWidth(800));
    expect(pipeColour('pe', 1)[3]).toBe(255);
    expect(pipeColour('PE', 0)[3]).toBe(90);
    expect(pipeColour(null, 1)).toEqual([80, 80, 80, 255]);
  });
});
