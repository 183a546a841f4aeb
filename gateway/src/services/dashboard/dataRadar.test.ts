import { describe, expect, it } from 'vitest';
import { type RadarInput, radarAxes } from './dataRadar.ts';

const input = (over: Partial<RadarInput>): RadarInput => ({
  days: 0,
  actualDays: 0,
  reads: 0,
  timelyReads: 0,
  expectedDays: 0,
  onlineRate: null,
  readingRate: null,
  ...over,
});

describe('data radar axes', () => {
  it.each([
    // 14 meters-days expected, 12 validated of which 9 actual; 40 reads of which 30 in time
    [
      input({
        expectedDays: 14,
        days: 12,
        actualDays: 9,
        reads: 40,
        timelyReads: 30,
        onlineRate: 50,
        readingRate: 64.29,
      }),
      { completeness: 85.71, timeliness: 75, validity: 75, onlineRate: 50, readingRate: 64.29 },
    ],
    // nothing expected, nothing read: nothing to score
    [input({}), { completeness: null, timeliness: null, validity: null, onlineRate: null, readingRate: null }],
    // every day validated and actual, every read in time
    [
      input({
        expectedDays: 7,
        days: 7,
        actualDays: 7,
        reads: 168,
        timelyReads: 168,
        onlineRate: 100,
        readingRate: 100,
      }),
      { completeness: 100, timeliness: 100, validity: 100, onlineRate: 100, readingRate: 100 },
    ],
    // validated days of meters taken out of use since: never above 100 %
    [input({ expectedDays: 7, days: 9, actualDays: 0 }), { completeness: 100, validity: 0 }],
  ])('%o → %o', (given, expected) => {
    expect(radarAxes(given)).toMatchObject(expected);
  });
});
