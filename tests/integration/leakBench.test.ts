// The leak benchmark's own parts (tests/bench/leaks): the scenario's true leaks say what the simulated inflow carries,
// and the score counts a found leak, a missed one, a duplicate, a false alarm and a withdrawn event each as such. Here
// (not beside the files) because the vitest projects collect tests from integration/; no database, and the hydraulics
// run ten days of Net3 (the repo's fixture), not a year.
import { addDays, dayStart } from '@waterops/shared/reading';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  calibrate,
  NETWORKS,
  type Network,
  type NetworkSpec,
  openNetwork,
  simulate,
} from '../bench/leaks/hydraulics.ts';
import {
  leakShare,
  measured,
  planScenario,
  type Scenario,
  SIZE_CLASSES,
  STEPS_PER_DAY,
  sizeClassOf,
  type TrueLeak,
} from '../bench/leaks/scenario.ts';
import { agreement, type DetectedEvent, eventsDayByDay, matches, scoreEvents } from '../bench/leaks/score.ts';

const HOUR_MS = 3_600_000;
const at = (day: string, hour: number) => new Date(dayStart(day).getTime() + hour * HOUR_MS).toISOString();

describe('the scenario plan', () => {
  const settings = {
    seed: 7,
    from: '2026-01-01',
    days: 365,
    leakCount: 24,
    nightFlow: 100,
    nodes: ['a', 'b', 'c'],
  };
  const s = planScenario(settings);

  it('draws at least 20 leaks of 1–30 % of the night flow, both types in every size class', () => {
    expect(s.leaks.length).toBeGreaterThanOrEqual(20);
    for (const l of s.leaks) {
      expect(l.size).toBeGreaterThanOrEqual(0.01);
      expect(l.size).toBeLessThanOrEqual(0.3);
      expect(l.flow).toBeCloseTo(l.size * 100, 0);
    }
    for (const c of SIZE_CLASSES)
      for (const type of ['abrupt', 'incipient'])
        expect(s.leaks.some((l) => sizeClassOf(l.size) === c.label && l.type === type)).toBe(true);
  });

  it('has repaired and still running leaks, and leaks that overlap in time', () => {
    expect(s.leaks.some((l) => l.endDay !== null)).toBe(true);
    expect(s.leaks.some((l) => l.endDay === null)).toBe(true);
    const overlapping = s.leaks.some((a) =>
      s.leaks.some((b) => a !== b && a.startDay < (b.endDay ?? '9999') && b.startDay < (a.endDay ?? '9999')),
    );
    expect(overlapping).toBe(true);
  });

  it('dates each leak by the nights that carry it: start, half peak, peak and end', () => {
    const night = (day: string) => dayStart(day).getTime() + 3 * HOUR_MS;
    for (const l of s.leaks) {
      expect(leakShare(l, night(addDays(l.startDay, -1)))).toBe(0);
      expect(leakShare(l, night(l.startDay))).toBeGreaterThan(0);
      if (l.type === 'abrupt') expect([l.halfPeakDay, l.peakDay]).toEqual([l.startDay, l.startDay]);
      else {
        expect(l.halfPeakDay > l.startDay && l.halfPeakDay <= l.peakDay).toBe(true);
        expect(leakShare(l, night(addDays(l.halfPeakDay, -1)))).toBeLessThan(0.5);
        expect(leakShare(l, night(l.halfPeakDay))).toBeGreaterThanOrEqual(0.5);
      }
      if (l.endDay) {
        expect(leakShare(l, night(addDays(l.endDay, -1)))).toBeGreaterThan(0);
        expect(leakShare(l, night(l.endDay))).toBe(0);
      }
    }
  });

  it('is the same for the same seed and another for another seed', () => {
    expect(planScenario(settings)).toEqual(s);
    expect(planScenario({ ...settings, seed: 8 }).leaks).not.toEqual(s.leaks);
  });
});

describe('the simulated inflow carries the true leaks (Net3, ten days)', () => {
  let net: Network;
  let base: Scenario;
  const leaks: TrueLeak[] = [
    {
      id: 'A',
      node: '',
      type: 'abrupt',
      size: 0.2,
      plannedSize: 0.2,
      flow: 0,
      startAt: at('2026-03-03', 14),
      startDay: '2026-03-04',
      peakAt: at('2026-03-03', 14),
      peakDay: '2026-03-04',
      halfPeakDay: '2026-03-04',
      endAt: at('2026-03-07', 10),
      endDay: '2026-03-08',
    },
    {
      id: 'B',
      node: '',
      type: 'incipient',
      size: 0.1,
      plannedSize: 0.1,
      flow: 0,
      startAt: at('2026-03-02', 8),
      startDay: '2026-03-03',
      peakAt: at('2026-03-06', 8),
      peakDay: '2026-03-07',
      halfPeakDay: '2026-03-05',
      endAt: null,
      endDay: null,
    },
  ];
  let without: Float64Array;
  let withLeaks: Float64Array;

  beforeAll(async () => {
    net = await openNetwork(NETWORKS.Net3 as NetworkSpec);
    const cal = calibrate(net);
    // two junctions with a good pressure at night, far apart in the list
    const good = [...cal.pressures].filter(([, p]) => p >= 40).map(([id]) => id);
    (leaks[0] as TrueLeak).node = good[0] as string;
    (leaks[1] as TrueLeak).node = good[good.length - 1] as string;
    for (const l of leaks) l.flow = l.size * cal.nightFlow;
    base = planScenario({ seed: 3, from: '2026-03-01', days: 10, leakCount: 0, nightFlow: cal.nightFlow, nodes: [] });
    without = simulate(net, { ...base, leaks: [] }, cal).supply;
    withLeaks = simulate(net, { ...base, leaks }, cal).supply;
  });

  it('adds nothing before the first leak starts, and each leak from the night of its start day on', () => {
    // the supply at 03:00 of each day, with leaks minus without: the leaks' flow that night
    const excess = Array.from({ length: 10 }, (_, i) => {
      const k = i * STEPS_PER_DAY + 36;
      return (withLeaks[k] as number) - (without[k] as number);
    });
    const [a, b] = leaks as [TrueLeak, TrueLeak];
    const expected = (i: number) => {
      const t = dayStart(addDays('2026-03-01', i)).getTime() + 3 * HOUR_MS;
      return leakShare(a, t) * a.flow + leakShare(b, t) * b.flow;
    };
    for (let i = 0; i < 10; i++) {
      // the emitters follow the pressure the leaks themselves lower: within 10 % of the planned flow
      if (expected(i) === 0) expect(Math.abs(excess[i] as number)).toBeLessThan(1e-6);
      else expect(Math.abs((excess[i] as number) / expected(i) - 1)).toBeLessThan(0.1);
    }
    // A carries nothing on 03-03 nor from 03-08; B grows: its night on 03-05 carries about half its flow
    expect(Math.abs(excess[2] as number) / b.flow).toBeLessThan(0.5);
    expect(excess[3] as number).toBeGreaterThan(a.flow * 0.9);
    expect(excess[7] as number).toBeLessThan(b.flow * 1.1);
  });

  it('reports the meter: gaps where the data is missing, and a burst on top of the supply', () => {
    const s: Scenario = {
      ...base,
      anomalies: [
        { kind: 'missingHour', from: at('2026-03-02', 2), to: at('2026-03-02', 3), value: 0 },
        { kind: 'nightBurst', from: at('2026-03-04', 1), to: at('2026-03-04', 3), value: 500 },
      ],
    };
    const m = measured(s, without);
    expect(m.filter(Number.isNaN).length).toBe(12);
    const k = STEPS_PER_DAY * 3 + 13; // 01:05–01:10 on 03-04
    expect((m[k] as number) - (without[k] as number)).toBeGreaterThan(480);
    expect(Math.abs((m[k + 24] as number) / (without[k + 24] as number) - 1)).toBeLessThan(0.03);
  });
});

describe('the score', () => {
  const leak = (
    id: string,
    type: 'abrupt' | 'incipient',
    size: number,
    start: string,
    peak: string,
    end: string | null,
  ) =>
    ({
      id,
      node: 'n',
      type,
      size,
      plannedSize: size,
      flow: size * 100,
      startAt: `${start}T00:00:00Z`,
      startDay: start,
      peakAt: `${peak}T00:00:00Z`,
      peakDay: peak,
      halfPeakDay:
        type === 'abrupt' ? start : addDays(start, Math.round((Date.parse(peak) - Date.parse(start)) / 86_400_000 / 2)),
      endAt: end ? `${end}T00:00:00Z` : null,
      endDay: end,
    }) satisfies TrueLeak;
  const event = (startDay: string, detectedDay: string, status = 'open', kind = 'step'): DetectedEvent => ({
    kind,
    status,
    startDay,
    detectedDay,
    repairedDay: null,
    magnitude: 10,
    peakMagnitude: 10,
    volume: 0,
  });
  const leaks = [
    leak('A', 'abrupt', 0.15, '2026-03-10', '2026-03-10', '2026-04-01'),
    leak('B', 'incipient', 0.12, '2026-05-01', '2026-05-21', null),
    leak('C', 'abrupt', 0.03, '2026-06-01', '2026-06-01', '2026-07-01'),
  ];

  it('counts a found leak, a missed one, a duplicate, a false alarm and a withdrawn event', () => {
    const sc = scoreEvents(
      [
        event('2026-03-10', '2026-03-11'),
        event('2026-03-12', '2026-03-20'),
        event('2026-05-03', '2026-05-09', 'open', 'trend'),
        event('2026-08-01', '2026-08-03'),
        event('2026-06-01', '2026-06-02', 'notConfirmed'),
      ],
      leaks,
      [],
      365,
    );
    expect(sc.found).toBe(2);
    expect(sc.missed).toBe(1);
    expect(sc.leaks.find((o) => o.id === 'C')?.found).toBe(false);
    expect(sc.duplicates).toBe(1);
    expect(sc.falseAlarms.map((f) => f.startDay)).toEqual(['2026-08-01']);
    expect(sc.falseAlarmsPerYear).toBe(1);
    expect(sc.withdrawn).toBe(1);
    const a = sc.leaks.find((o) => o.id === 'A');
    expect([a?.delayDays, a?.startErrorDays, a?.goalMet]).toEqual([1, 0, true]);
    expect(sc.leaks.find((o) => o.id === 'B')?.beforeHalfPeak).toBe(true);
    expect(sc.goals.abruptLarge).toEqual({ met: 1, of: 1 });
    expect(sc.goals.incipientLarge).toEqual({ met: 1, of: 1 });
  });

  it('misses the goals: a start two days off, a detection after half the peak', () => {
    const sc = scoreEvents(
      [event('2026-03-08', '2026-03-11'), event('2026-05-05', '2026-05-15', 'open', 'trend')],
      leaks,
      [],
      365,
    );
    expect(sc.found).toBe(2);
    expect(sc.goals.abruptLarge).toEqual({ met: 0, of: 1 });
    expect(sc.goals.incipientLarge).toEqual({ met: 0, of: 1 });
  });

  it('matches only an event detected while the leak ran, dated near its start', () => {
    const a = leaks[0] as TrueLeak;
    expect(matches(event('2026-03-09', '2026-03-09'), a)).toBe(false); // detected before it began
    expect(matches(event('2026-03-10', '2026-04-01'), a)).toBe(false); // detected after its repair
    expect(matches(event('2026-03-18', '2026-03-20'), a)).toBe(false); // dated 8 days late
    expect(matches(event('2026-03-03', '2026-03-12'), a)).toBe(true); // dated 7 days early: inside the tolerance
  });

  it('pairs events with leaks so that as many leaks as possible are found', () => {
    // the first event could be either leak, the second only D: giving the first its nearest (D) would leave E unfound
    const d = leak('D', 'abrupt', 0.2, '2026-09-10', '2026-09-10', null);
    const e = leak('E', 'abrupt', 0.2, '2026-09-14', '2026-09-14', null);
    const sc = scoreEvents([event('2026-09-11', '2026-09-15'), event('2026-09-05', '2026-09-16')], [d, e], [], 365);
    expect(sc.found).toBe(2);
    expect(sc.duplicates).toBe(0);
  });

  it('collects events day by day under the day they were confirmed on, and tells when a later run re-dates one', () => {
    const points = Array.from({ length: 10 }, (_, i) => ({ day: addDays('2026-01-01', i), value: i }));
    // an event seen from day 4 on, a step until day 5, then a trend: the same event (the job updates its kind)
    const rekinding = (upTo: readonly { day: string }[]) =>
      upTo.length < 4 ? [] : [event('2026-01-03', '2026-01-04', 'open', upTo.length < 6 ? 'step' : 'trend')];
    const live = eventsDayByDay(points, rekinding);
    expect(live.map((e) => [e.kind, e.firstSeenDay, e.dropped])).toEqual([['trend', '2026-01-04', false]]);
    expect(agreement(rekinding(points), live).agree).toBe(true);
    // an event whose confirmation day moves in a later run: the job would drop it and add another
    const redating = (upTo: readonly { day: string }[]) =>
      upTo.length < 4 ? [] : [event('2026-01-03', upTo.length < 6 ? '2026-01-04' : '2026-01-05')];
    const moved = eventsDayByDay(points, redating);
    expect(moved.map((e) => [e.detectedDay, e.firstSeenDay, e.dropped])).toEqual([
      ['2026-01-04', '2026-01-04', true],
      ['2026-01-06', '2026-01-06', false],
    ]);
    expect(agreement(redating(points), moved).agree).toBe(false);
  });
});
