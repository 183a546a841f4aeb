import { describe, expect, it } from 'vitest';
import { planCity, ROLE } from './cityPlan.ts';
import { chinaDayNumber, dayNumberStart, householdUse } from './demand.ts';
import { burstIn, clockDrift, type Leak, leakIn, longOutageIn, misreadAt, outageOn } from './faults.ts';
import { createSimState, districtInflow, readingAt, readingsBetween, registerAt, setValve } from './readings.ts';

const HOUR = 3_600_000;
const DAY = 86_400_000;
const START = Date.parse('2026-09-30T16:00:00Z'); // 2026-10-01 00:00 in Beijing

describe('readingsBetween', () => {
  it('gives the same readings for the same seed, other readings for another seed', () => {
    const run = (seed: number) => {
      const plan = planCity({ seed, meters: 300 });
      return readingsBetween(plan, createSimState(plan), START, START + 2 * DAY);
    };
    const a = run(42);
    expect(a.length).toBeGreaterThan(300 * 48);
    expect(run(42)).toEqual(a);
    expect(run(43).map((r) => r.reading)).not.toEqual(a.map((r) => r.reading));
  });

  it('agrees with itself whatever window is generated first (a restart continues every register)', () => {
    const plan = planCity({ seed: 5, meters: 300 });
    const whole = readingsBetween(plan, createSimState(plan), START, START + 3 * DAY);
    const later = readingsBetween(plan, createSimState(plan), START + 2 * DAY, START + 3 * DAY);
    const earlier = readingsBetween(plan, createSimState(plan), START, START + 2 * DAY);
    expect([...earlier, ...later]).toEqual(whole);
  });

  it('reads households daily at 00:00 before hourlyFrom and hourly after; district meters every 15 minutes', () => {
    const plan = planCity({ seed: 3, meters: 300 });
    const rs = readingsBetween(plan, createSimState(plan), START, START + 3 * DAY, { hourlyFrom: START + 2 * DAY });
    const m = plan.meters;
    // an NB-IoT meter: no concentrator outage takes its reads away
    const nb = m.concentrator.findIndex((c, i) => c === -1 && i < plan.households);
    const household = rs.filter((r) => r.meter === nb).map((r) => (r.time - START) / HOUR);
    expect(household).toEqual([24, 48, ...Array.from({ length: 24 }, (_, h) => 49 + h)]);
    const inlet = plan.districts[0]?.inlets[0] as number;
    expect(rs.filter((r) => r.meter === inlet)).toHaveLength(3 * 96);
    expect(rs.every((r) => (m.valveControl[r.meter] ? r.valveState === 1 : r.valveState === undefined))).toBe(true);
  });

  it('rolls a four-digit register over at its maximum and keeps counting from zero', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const state = createSimState(plan);
    const m = plan.meters;
    const meter = m.maxReading.indexOf(9_999);
    let found = false;
    for (let d = 0; d < 400 && !found; d++) {
      const before = registerAt(plan, state, meter, START + d * DAY);
      const after = registerAt(plan, state, meter, START + (d + 1) * DAY);
      if (after < before) {
        found = true;
        const used = 9_999 - before + after;
        expect(used).toBeGreaterThan(0);
        expect(used).toBeLessThan((m.dailyUse[meter] as number) * 3);
      }
    }
    expect(found).toBe(true);
  });

  it('raises the inlet night minimum (02:00–04:00, rolling hour) by the rate of a sudden leak', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const state = createSimState(plan);
    let leak: Leak | undefined;
    for (let w = 20; !leak; w++)
      leak = plan.districts
        .map((_, d) => leakIn(plan, d, w))
        .find((l) => l?.kind === 'sudden' && l.end - l.start > 3 * DAY);
    const night = dayNumberStart(chinaDayNumber(leak.start) + 1);
    const nightline = (leaks: boolean) => {
      const flows = Array.from({ length: 16 }, (_, q) => {
        const t = night + q * 15 * 60_000;
        return (
          (districtInflow(plan, state, leak.district, t + 15 * 60_000, leaks) -
            districtInflow(plan, state, leak.district, t, leaks)) *
          4
        );
      });
      const hourMeans = Array.from({ length: 5 }, (_, k) => flows.slice(8 + k, 12 + k).reduce((s, x) => s + x, 0) / 4);
      return Math.min(...hourMeans);
    };
    expect(nightline(true) - nightline(false)).toBeCloseTo(leak.rate, 6);
    // the inlet registers carry it: one inlet's share of the district's inflow on top of its base
    const inlet = plan.districts[leak.district]?.inlets[0] as number;
    const share = plan.districts[leak.district]?.inletShares[0] as number;
    expect(registerAt(plan, state, inlet, night)).toBeCloseTo(
      (plan.meters.base[inlet] as number) + share * districtInflow(plan, state, leak.district, night),
      2,
    );
  });

  it('stops a household’s register while its valve is closed, and its inlet sees the missing use', () => {
    const plan = planCity({ seed: 42, meters: 300 });
    const state = createSimState(plan);
    const meter = plan.meters.valveControl.findIndex((v, i) => v === 1 && plan.meters.role[i] === ROLE.household);
    const district = plan.meters.district[meter] as number;
    const t0 = START + 8 * HOUR;
    const open = registerAt(plan, state, meter, t0 + 6 * HOUR) - registerAt(plan, state, meter, t0);
    const inflowOpen = districtInflow(plan, state, district, t0 + 6 * HOUR) - districtInflow(plan, state, district, t0);
    setValve(plan, state, meter, false, t0);
    expect(registerAt(plan, state, meter, t0 + 6 * HOUR)).toBe(registerAt(plan, state, meter, t0));
    const inflowClosed =
      districtInflow(plan, state, district, t0 + 6 * HOUR) - districtInflow(plan, state, district, t0);
    expect(inflowOpen - inflowClosed).toBeCloseTo(open, 2);
    setValve(plan, state, meter, true, t0 + 6 * HOUR);
    expect(registerAt(plan, state, meter, t0 + 7 * HOUR)).toBeGreaterThan(
      registerAt(plan, state, meter, t0 + 6 * HOUR),
    );
    expect(readingsBetween(plan, state, t0, t0 + HOUR, { meterStart: meter, meterEnd: meter + 1 })[0]?.valveState).toBe(
      1,
    );
  });

  it('leaves out reads of an outage that is never caught up and stamps a drifting concentrator’s clock', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    let found: { c: number; start: number; end: number } | undefined;
    for (let d = chinaDayNumber(START); !found; d++)
      for (let c = 0; c < plan.concentrators.length && !found; c++) {
        const o = outageOn(plan, c, d);
        if (o && !o.catchUp) found = { c, start: o.start, end: o.end };
      }
    const c = plan.concentrators[found.c];
    const rs = readingsBetween(plan, createSimState(plan), found.start - HOUR, found.end, {
      meterStart: c?.meterStart,
      meterEnd: c?.meterEnd,
    });
    // (start − 1 h, end]: the hourly reads from the outage's start on are gone, the one at its end arrives
    const drift = clockDrift(plan, found.c, found.end) * 1000;
    expect(rs.length).toBe((c?.meterEnd ?? 0) - (c?.meterStart ?? 0));
    expect(rs.every((r) => r.time === found.end + drift)).toBe(true);
    const drifting = plan.faults.drift.findIndex((x) => x !== 0);
    expect(Math.abs(clockDrift(plan, drifting, START + 20 * DAY))).toBeGreaterThan(0);
  });

  it('misreads now and then: one read far too high, the next one back in line', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const state = createSimState(plan);
    let seen = 0;
    for (let i = 0; i < plan.households && seen < 3; i++)
      for (let t = START; t < START + 20 * DAY && seen < 3; t += HOUR) {
        const extra = misreadAt(plan, i, t);
        if (extra === 0 || registerAt(plan, state, i, t) + extra >= (plan.meters.maxReading[i] as number)) continue;
        seen++;
        const read = readingAt(plan, state, i, t).reading;
        expect(read).toBeCloseTo(registerAt(plan, state, i, t) + extra, 3);
        expect(readingAt(plan, state, i, t + HOUR).reading).toBeLessThan(read - 40);
      }
    expect(seen).toBe(3);
  });

  it('adds a burst’s flow to the household’s register on top of its use', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    const state = createSimState(plan);
    const m = plan.meters;
    const f = plan.faults.meterFaults.find(
      (x) => x.burst && !x.stuck && !x.reverse && m.maxReading[x.meter] === 99_999,
    );
    const meter = f?.meter as number;
    let burst: ReturnType<typeof burstIn>;
    for (let w = 30; !burst; w++) burst = burstIn(plan, meter, w);
    const use = (t: number) =>
      householdUse(plan.seed, meter, m.category[meter] as number, m.dailyUse[meter] as number, plan.epoch, t);
    const extra =
      registerAt(plan, state, meter, burst.to) -
      registerAt(plan, state, meter, burst.from) -
      (use(burst.to) - use(burst.from));
    expect(extra).toBeCloseTo((burst.rate * (burst.to - burst.from)) / HOUR, 2);
    expect(extra).toBeGreaterThan(0.5);
  });

  it('takes whole days of reads away when a concentrator is down for days (the validation sees gaps)', () => {
    const plan = planCity({ seed: 42, meters: 2000 });
    let long: ReturnType<typeof longOutageIn>;
    let k = 0;
    for (let w = 30; !long; w++)
      for (k = 0; k < plan.concentrators.length && !long; k++) long = longOutageIn(plan, k, w);
    const c = plan.concentrators[k - 1];
    expect(long.end - long.start).toBeGreaterThanOrEqual(DAY);
    const rs = readingsBetween(plan, createSimState(plan), long.start - 2 * DAY, long.end + 2 * DAY, {
      meterStart: c?.meterStart,
      meterEnd: c?.meterEnd,
      hourlyFrom: Number.POSITIVE_INFINITY,
    });
    const drift = (t: number) => clockDrift(plan, k - 1, t) * 1000;
    expect(rs.some((r) => r.time - drift(r.time) >= long.start && r.time - drift(r.time) < long.end)).toBe(false);
    expect(rs.length).toBeGreaterThanOrEqual(2 * ((c?.meterEnd ?? 0) - (c?.meterStart ?? 0)));
  });
});
