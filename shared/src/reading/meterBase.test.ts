import { describe, expect, it } from 'vitest';
import { checkBase, daysInPeriod, validateReplaceMeter } from './meterBase.ts';

const base = (consumption: number | null, over: Partial<Parameters<typeof checkBase>[0]> = {}) => ({
  period: '2026-03',
  endReading: 500,
  consumption,
  quality: 'A',
  ...over,
});
const months = (...uses: number[]) => uses.map((consumption, i) => ({ period: `2026-0${2 - i}`, consumption }));

describe('the base check', () => {
  it.each([
    ['a usual month', base(31), months(28, 31), null, []],
    ['over three times the usual daily use', base(100), months(28, 31), null, ['high']],
    // March 93 m³ is 3 m³ a day; February 28 m³ and January 31 m³ are 1 a day: exactly 3×, not over
    ['exactly three times per day', base(93), months(28, 31), null, []],
    ['no use where there was some', base(0), months(28, 31), null, ['zero']],
    ['no history: nothing to compare', base(1000), [], null, []],
    ['no end reading', base(null, { endReading: null }), months(28), null, ['noEnd']],
    ['a negative use', base(-5), months(28), null, ['negative']],
    ['an estimated end', base(31, { quality: 'E' }), months(28), null, ['estimated']],
    // the meter started on 24 February: February's 5 m³ covers 5 days, it is not the usual month
    ['a first partial month is left out', base(31), months(5), '2026-02-24', []],
    ['… but a full one before it counts', base(200), months(5, 31), '2026-01-01', ['high']],
  ])('%s', (_name, b, previous, firstDay, expected) => {
    expect(checkBase(b, previous, firstDay)).toEqual(expected);
  });

  it('counts the days of each month', () => {
    expect([daysInPeriod('2026-02'), daysInPeriod('2028-02'), daysInPeriod('2026-12')]).toEqual([28, 29, 31]);
  });
});

describe('the meter swap rules', () => {
  const now = new Date('2026-05-01T00:00:00Z');
  const good = { replacedAt: '2026-04-30T08:00:00Z', oldFinalReading: 12, newMeterCode: 'N1', newBaseReading: 0 };
  it.each([
    ['a good swap', good, []],
    ['no time', { ...good, replacedAt: '' }, ['replacedAt:meterBase.replace.timeRequired']],
    [
      'a time in the future',
      { ...good, replacedAt: '2026-05-02T00:00:00Z' },
      ['replacedAt:meterBase.replace.timeFuture'],
    ],
    ['a blank new code', { ...good, newMeterCode: '  ' }, ['newMeterCode:meterBase.replace.codeRequired']],
    ['a negative reading', { ...good, oldFinalReading: -1 }, ['oldFinalReading:meterBase.replace.readingRequired']],
    [
      'a reading that is not a number',
      { ...good, newBaseReading: 'x' },
      ['newBaseReading:meterBase.replace.readingRequired'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(validateReplaceMeter(input, now).map((v) => `${v.field}:${v.message}`)).toEqual(expected);
  });
});
