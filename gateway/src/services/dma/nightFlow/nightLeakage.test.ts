import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legitimateNightUse, nightDayFactorHours, nightLeakage } from './nightLeakage.ts';

describe('legitimate night use and night leakage', () => {
  it.each([
    { name: 'households with the defaults (2.62 persons, 0.6 l/person/h)', params: { households: 1000 }, total: 1.572 },
    {
      name: 'households of 3 at 1 l/person/h',
      params: { households: 500, personsPerHousehold: 3, perCapitaLitresPerHour: 1 },
      total: 1.5,
    },
    {
      name: 'households, shops and a hospital',
      params: {
        households: 1000,
        nonHousehold: [
          { category: '商业', count: 50, litresPerHour: 8 },
          { category: '学校', count: 2, litresPerHour: 100 },
        ],
        largeUsers: [{ name: '医院', flow: 1.2 }],
      },
      total: 1.572 + 0.4 + 0.2 + 1.2,
    },
    { name: 'nothing', params: {}, total: 0 },
  ])('adds up $name', ({ params, total }) => {
    expect(legitimateNightUse(params).total).toBeCloseTo(total, 10);
  });

  it.each([
    { nightline: 5, legitimate: 1.5, leak: 3.5, daily: 84 },
    { nightline: 1, legitimate: 1.5, leak: 0, daily: 0 },
  ])('leaks max(0, $nightline − $legitimate) = $leak m³/h, $daily m³ a day at 24 h', (c) => {
    expect(nightLeakage(c.nightline, c.legitimate)).toMatchObject({ nightLeakage: c.leak, dailyLeakage: c.daily });
  });

  it('takes the night-day factor as a plain number of hours or from the day’s pressure (FAVAD)', () => {
    expect(nightDayFactorHours({ kind: 'fixed', hours: 20 })).toBe(20);
    expect(nightDayFactorHours({ kind: 'favad', hourlyPressure: Array(24).fill(40), nightPressure: 40 })).toBe(24);
    // day pressure lower than at night: fewer than 24 hours; N1 = 0.5 (rigid pipes) lies nearer 24 than N1 = 1.5
    const day = [...Array(6).fill(50), ...Array(18).fill(35)];
    const rigid = nightDayFactorHours({ kind: 'favad', hourlyPressure: day, nightPressure: 50, n1: 0.5 });
    const flexible = nightDayFactorHours({ kind: 'favad', hourlyPressure: day, nightPressure: 50, n1: 1.5 });
    expect(nightDayFactorHours({ kind: 'favad', hourlyPressure: day, nightPressure: 50 })).toBeCloseTo(
      6 + 18 * 0.7,
      10,
    );
    expect(rigid).toBeGreaterThan(flexible);
    expect(rigid).toBeLessThan(24);
    expect(() => nightDayFactorHours({ kind: 'favad', hourlyPressure: day, nightPressure: 0 })).toThrow(RangeError);
    expect(nightLeakage(5, 1, { kind: 'fixed', hours: 20 }).dailyLeakage).toBe(80);
  });

  it('property: leakage is never negative, grows with the nightline and falls with legitimate use', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (nightline, extra, households, rate) => {
          const legit = legitimateNightUse({ households, perCapitaLitresPerHour: rate });
          const a = nightLeakage(nightline, legit);
          const b = nightLeakage(nightline + extra, legit);
          expect(a.nightLeakage).toBeGreaterThanOrEqual(0);
          expect(b.nightLeakage).toBeGreaterThanOrEqual(a.nightLeakage);
          expect(a.nightLeakage).toBeLessThanOrEqual(nightline);
          expect(a.dailyLeakage).toBeCloseTo(a.nightLeakage * 24, 6);
          const more = legitimateNightUse({ households: households + 100, perCapitaLitresPerHour: rate });
          expect(nightLeakage(nightline, more).nightLeakage).toBeLessThanOrEqual(a.nightLeakage);
        },
      ),
    );
  });
});
