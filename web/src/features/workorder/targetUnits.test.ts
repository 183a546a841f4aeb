import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_TARGET_MINUTES, minutesToText, naturalUnit, textToMinutes } from './targetUnits.ts';

describe('targetUnits', () => {
  it.each([
    [90, 'hours', '1.5'],
    [15, 'hours', '0.25'],
    [2880, 'days', '2'],
    [360, 'days', '0.25'],
    [20, 'days', '0.014'],
  ] as const)('%i minutes read %s as %s', (minutes, unit, text) => {
    expect(minutesToText(minutes, unit)).toBe(text);
  });

  it.each([
    ['4', 'hours', 240],
    [' 0.5 ', 'hours', 30],
    ['1,5', 'days', 2160],
    ['365', 'days', MAX_TARGET_MINUTES],
    ['0', 'hours', null],
    ['0.001', 'hours', null],
    ['-1', 'hours', null],
    ['366', 'days', null],
    ['1e3', 'hours', null],
    ['abc', 'days', null],
    ['', 'hours', null],
  ] as const)('"%s" %s is %s minutes', (text, unit, minutes) => {
    expect(textToMinutes(text, unit)).toBe(minutes);
  });

  it('whole hours and whole days survive the round trip (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8760 }), (h) => {
        expect(textToMinutes(minutesToText(h * 60, 'hours'), 'hours')).toBe(h * 60);
        if (h <= 365) expect(textToMinutes(minutesToText(h * 1440, 'days'), 'days')).toBe(h * 1440);
      }),
    );
  });

  it('reads in days only when every target is whole days', () => {
    expect(naturalUnit([1440, 2880])).toBe('days');
    expect(naturalUnit([1440, 30])).toBe('hours');
    expect(naturalUnit([])).toBe('hours');
  });
});
