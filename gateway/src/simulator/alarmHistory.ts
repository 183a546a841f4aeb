// The alarms the city's past would have raised (issue 16.12): what the alarm engine would have made of the fault plan
// (faults.ts) over the days before the demo started, had it been watching — concentrator outages raised as one
// offline parent with its collectors and meters grouped beneath, flat batteries, backflow and misread spikes (reverse
// flow), bursts (sudden increase, continuous flow), stuck registers and vacated homes (the usage rules) — each
// replayed through the engine's transitions (alarmHistoryEngine.ts) at the instants the product's jobs would have
// run, with the tenant's rules, and acknowledged by the control room. Pure and seeded: the same plan, rules and
// window give the same history. Weak signal is a standing condition, still live when the demo starts: the running
// engine raises it then, so it has no past episode here.
import type {
  AlarmLevel,
  AlarmType,
  DelayRule,
  OfflineRule,
  ThresholdRule,
  UsageRule,
} from '@waterops/shared/monitoring';
import { offlineLevel } from '../services/alarm/rules/offlineLevel.ts';
import { lowValueLevel, reverseFlow } from '../services/alarm/rules/thresholdLevel.ts';
import {
  continuousFlow,
  type DaySample,
  stuckMeter,
  suddenIncrease,
  zeroUse,
} from '../services/alarm/rules/usageRules.ts';
import { type AckPolicy, type Evaluation, groupUnder, type HistoryAlarm, replaySource } from './alarmHistoryEngine.ts';
import type { CityPlan } from './cityPlan.ts';
import { ROLE } from './cityPlanTypes.ts';
import { chinaDayNumber, dayNumberStart } from './demand.ts';
import {
  batteryVoltage,
  burstIn,
  longOutageIn,
  misreadAt,
  outageAt,
  outageOn,
  reverseIn,
  windowsUntil,
} from './faults.ts';
import { unit } from './random.ts';
import { createSimState, readingAt, registerAt } from './readings.ts';

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

export type HistoryRules = {
  voltage: ThresholdRule;
  usage: UsageRule;
  offline: OfflineRule;
  delay: DelayRule;
};

/** Who acknowledges: 0 the operator on duty, 1 the administrator (office hours, now and then). */
export const ACK_PEOPLE = 2;

/** What the control room writes when it acknowledges (the utility's language, like every record's text). */
const ACK_COMMENTS: Partial<Record<AlarmType, readonly (string | null)[]>> = {
  offline: ['已通知运维班组现场检查集中器供电', '集中器通信中断,已联系运营商', null],
  voltage: ['电池电压低,已列入换电池计划', '已派单更换电池', null],
  reverseFlow: ['读数回退,疑似误读,已核对', '已提醒用户检查户内止回阀', null],
  suddenIncrease: ['已电话联系用户核实用水情况', null],
  continuousFlow: ['疑似户内漏水,已短信提醒用户', '已电话通知用户检查户内管道'],
  stuckMeter: ['疑似表停走,已安排现场检查', null],
  zeroUse: ['空置户,已确认', null],
};

/** How long the control room takes to acknowledge, by level: minutes, low and high. */
const ACK_MINUTES: Record<AlarmLevel, [number, number]> = {
  urgent: [2, 10],
  severe: [3, 20],
  alarm: [8, 75],
  general: [15, 180],
};

const ackPolicy =
  (seed: number, type: AlarmType, source: number): AckPolicy =>
  (raisedAt, level) => {
    const u = (k: number) => unit(seed, 0xac0 + k, source, Math.floor(raisedAt / MINUTE));
    const [lo, hi] = ACK_MINUTES[level];
    const at = raisedAt + Math.round((lo + (hi - lo) * u(1)) * MINUTE) + Math.floor(u(2) * 50) * SECOND;
    const local = new Date(at + 8 * HOUR);
    const office =
      local.getUTCDay() >= 1 && local.getUTCDay() <= 5 && local.getUTCHours() >= 9 && local.getUTCHours() < 18;
    const comments = ACK_COMMENTS[type] ?? [null];
    return { at, by: office && u(3) < 0.3 ? 1 : 0, comment: comments[Math.floor(u(4) * comments.length)] ?? null };
  };

const ceilMinute = (t: number) => Math.ceil(t / MINUTE) * MINUTE;

/** The down intervals of a concentrator overlapping [from, to]: its short outages and long ones, merged. */
const downIntervals = (plan: CityPlan, k: number, from: number, to: number) => {
  const list: { start: number; end: number }[] = [];
  for (let d = chinaDayNumber(from) - 1; d <= chinaDayNumber(to); d++) {
    const o = outageOn(plan, k, d);
    if (o) list.push(o);
  }
  for (let w = Math.max(0, windowsUntil(plan, from) - 1); w <= windowsUntil(plan, to); w++) {
    const o = longOutageIn(plan, k, w);
    if (o) list.push(o);
  }
  list.sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const o of list) {
    const last = merged[merged.length - 1];
    if (last && o.start <= last.end) last.end = Math.max(last.end, o.end);
    else merged.push({ start: o.start, end: o.end });
  }
  return merged.filter((o) => o.end > from && o.start < to);
};

/**
 * Each concentrator outage the offline job would have seen: marked offline two report intervals (at least 30
 * minutes) after its last upload, raised at that minute's run as `general` and escalated at the rule's hours, back
 * when it uploads again (at once when the outage ends), cleared after the off-delay; its collectors and meters grouped.
 */
const outageAlarms = (plan: CityPlan, rules: HistoryRules, from: number, to: number): HistoryAlarm[] => {
  const out: HistoryAlarm[] = [];
  plan.concentrators.forEach((c, k) => {
    const rate = c.reportRate * MINUTE;
    const offset = c.reportMinute * MINUTE;
    const offlineAfter = Math.max(2 * rate, 30 * MINUTE);
    const evaluations: Evaluation[] = [];
    for (const o of downIntervals(plan, k, from - 4 * 86_400_000, to)) {
      const lastUp = (Math.ceil((o.start - offset) / rate) - 1) * rate + offset;
      const raised = ceilMinute(lastUp + offlineAfter) + 5 * SECOND;
      const back = o.end + 10 * SECOND;
      if (raised >= back) continue;
      const at = (t: number) => {
        const hours = Math.round(((t - lastUp) / HOUR) * 10) / 10;
        const l = offlineLevel(hours, rules.offline);
        return { at: t, cond: { level: l.level, value: hours, threshold: l.threshold } };
      };
      evaluations.push(at(raised));
      for (const h of [rules.offline.alarmHours, rules.offline.severeHours, rules.offline.urgentHours]) {
        const t = ceilMinute(lastUp + h * HOUR) + 5 * SECOND;
        if (t > raised && t < back) evaluations.push(at(t));
      }
      const normal = ceilMinute(back) + 5 * SECOND;
      evaluations.push({ at: normal, cond: null }, { at: normal + rules.delay.offDelaySeconds * SECOND, cond: null });
    }
    if (evaluations.length === 0) return;
    const children = [
      ...plan.collectors.flatMap((x, i) =>
        x.concentrator === k ? [{ alarmType: 'offline' as const, sourceKind: 'collector' as const, source: i }] : [],
      ),
      ...Array.from({ length: c.meterEnd - c.meterStart }, (_, j) => ({
        alarmType: 'noData' as const,
        sourceKind: 'meter' as const,
        source: c.meterStart + j,
      })),
    ];
    const source = { alarmType: 'offline' as const, sourceKind: 'concentrator' as const, source: k };
    for (const a of replaySource(source, evaluations, 0, ackPolicy(plan.seed, 'offline', 1e6 + k), to))
      out.push(groupUnder(a, children));
  });
  return out;
};

/** When a meter's read at `h` reaches WaterOps (its concentrator's upload minute, or its own), or null: not sent. */
const uploadOf = (plan: CityPlan, i: number) => {
  const c = plan.meters.concentrator[i] as number;
  const minute = c >= 0 ? (plan.concentrators[c]?.reportMinute ?? 0) : (plan.meters.reportMinute[i] as number);
  return (h: number): number | null => {
    const o = c >= 0 ? outageAt(plan, c, h + minute * MINUTE) : undefined;
    // while its concentrator is down nothing is evaluated; afterwards the latest reads are
    return o ? null : h + minute * MINUTE + 5 * SECOND;
  };
};

/** Voltage on the battery-prone meters and reverse flow on the backflow-prone and misread ones, read by read. */
const readingAlarms = (plan: CityPlan, rules: HistoryRules, from: number, to: number): HistoryAlarm[] => {
  const out: HistoryAlarm[] = [];
  const state = createSimState(plan);
  const first = Math.floor(from / HOUR) * HOUR;
  const lost = (i: number, h: number) => {
    const c = plan.meters.concentrator[i] as number;
    return c >= 0 && outageAt(plan, c, h)?.catchUp === false;
  };
  const reverseHours = new Map<number, Set<number>>();
  const mark = (i: number, a: number, b: number) => {
    const set = reverseHours.get(i) ?? new Set<number>();
    for (let h = Math.max(first, Math.floor(a / HOUR) * HOUR); h <= Math.min(b, to); h += HOUR) set.add(h);
    reverseHours.set(i, set);
  };
  for (let i = 0; i < plan.households; i++)
    for (let h = first; h <= to; h += HOUR) if (misreadAt(plan, i, h) > 0) mark(i, h, h + 4 * HOUR);
  for (const f of plan.faults.meterFaults) {
    if (f.reverse)
      for (let w = Math.max(0, windowsUntil(plan, from) - 1); w <= windowsUntil(plan, to); w++) {
        const r = reverseIn(plan, f.meter, w);
        if (r) mark(f.meter, r.from, r.to + 4 * HOUR);
      }
    if (f.batteryLife === undefined) continue;
    const upload = uploadOf(plan, f.meter);
    const evaluations: Evaluation[] = [];
    for (let h = first; h <= to; h += HOUR) {
      const at = upload(h);
      if (at === null || lost(f.meter, h)) continue;
      const v = batteryVoltage(plan, f.meter, h);
      const l = lowValueLevel(v, rules.voltage);
      evaluations.push({ at, cond: l ? { level: l.level, value: v, threshold: l.threshold } : null });
    }
    const source = { alarmType: 'voltage' as const, sourceKind: 'meter' as const, source: f.meter };
    out.push(
      ...replaySource(
        source,
        evaluations,
        rules.delay.offDelaySeconds * SECOND,
        ackPolicy(plan.seed, 'voltage', f.meter),
        to,
      ),
    );
  }
  for (const [i, hours] of reverseHours) {
    const upload = uploadOf(plan, i);
    const evaluations: Evaluation[] = [];
    for (const h of [...hours].sort((a, b) => a - b)) {
      const at = upload(h);
      if (at === null || lost(i, h)) continue;
      const back = lost(i, h - HOUR)
        ? null
        : reverseFlow(
            readingAt(plan, state, i, h - HOUR).reading,
            readingAt(plan, state, i, h).reading,
            rules.usage.reverseFlowMin,
          );
      evaluations.push({
        at,
        cond: back === null ? null : { level: 'alarm', value: back, threshold: rules.usage.reverseFlowMin },
      });
    }
    const source = { alarmType: 'reverseFlow' as const, sourceKind: 'meter' as const, source: i };
    out.push(
      ...replaySource(
        source,
        evaluations,
        rules.delay.offDelaySeconds * SECOND,
        ackPolicy(plan.seed, 'reverseFlow', i),
        to,
      ),
    );
  }
  return out;
};

/**
 * The usage rules on the households' validated days (the register at each China midnight, misreads left out as the
 * data check leaves them out), evaluated when each day is complete, and continuous flow hour by hour on the
 * burst-prone meters (the plan's only water running day and night behind a household meter).
 */
const usageAlarms = (plan: CityPlan, rules: HistoryRules, from: number, to: number): HistoryAlarm[] => {
  const out: HistoryAlarm[] = [];
  const state = createSimState(plan);
  const rule = rules.usage;
  const back = Math.max(rule.zeroUseDays + 30, rule.stuckMeterDays + 7, rule.increaseMeanDays + 1);
  const firstDay = chinaDayNumber(from);
  const lastDay = chinaDayNumber(to);
  const offDelay = rules.delay.offDelaySeconds * SECOND;
  for (let i = 0; i < plan.households; i++) {
    if (plan.meters.role[i] !== ROLE.household) continue;
    const registers: number[] = [];
    for (let d = firstDay - back; d <= lastDay; d++) registers.push(registerAt(plan, state, i, dayNumberStart(d)));
    const series: DaySample[] = registers.slice(1).map((r, k) => ({
      consumption: Math.round((r - (registers[k] as number)) * 1000) / 1000,
      actual: true,
    }));
    const upload = uploadOf(plan, i);
    const byType = new Map<AlarmType, Evaluation[]>();
    for (let d = firstDay; d <= lastDay; d++) {
      const at = upload(dayNumberStart(d));
      if (at === null) continue;
      // the days complete by d's midnight; the usage job runs within ten minutes of the revalidation
      const days = series.slice(0, d - (firstDay - back));
      const found: [AlarmType, ReturnType<typeof zeroUse>][] = [
        ['zeroUse', zeroUse(days, rule)],
        ['stuckMeter', stuckMeter(days, rule)],
        ['suddenIncrease', suddenIncrease(days, rule)],
      ];
      for (const [type, f] of found) {
        const list = byType.get(type) ?? [];
        const cond = f ? { level: f.level, value: f.value, threshold: f.threshold } : null;
        // the day's series is re-evaluated with each hourly read: twice is enough to see the off-delay through
        list.push({ at: at + 10 * MINUTE, cond }, { at: at + HOUR + 10 * MINUTE, cond });
        byType.set(type, list);
      }
    }
    for (const [type, evaluations] of byType)
      out.push(
        ...replaySource(
          { alarmType: type, sourceKind: 'meter', source: i },
          evaluations,
          offDelay,
          ackPolicy(plan.seed, type, i),
          to,
        ),
      );
  }
  for (const f of plan.faults.meterFaults) {
    if (!f.burst) continue;
    const first = Math.floor(from / HOUR) * HOUR;
    const busy = new Set<number>();
    for (let w = Math.max(0, windowsUntil(plan, from) - 1); w <= windowsUntil(plan, to); w++) {
      const b = burstIn(plan, f.meter, w);
      if (b)
        for (let h = Math.floor(b.from / HOUR) * HOUR; h <= b.to + 4 * HOUR; h += HOUR)
          if (h >= first && h <= to) busy.add(h);
    }
    const upload = uploadOf(plan, f.meter);
    const evaluations: Evaluation[] = [];
    for (const h of [...busy].sort((a, b) => a - b)) {
      const at = upload(h);
      if (at === null) continue;
      const reads = [];
      for (let t = h - (rule.continuousFlowHours + 1) * HOUR; t <= h; t += HOUR)
        reads.push({ at: new Date(t), reading: registerAt(plan, state, f.meter, t) });
      const c = continuousFlow(reads, rule);
      evaluations.push({
        at: at + 10 * MINUTE,
        cond: c ? { level: c.level, value: c.value, threshold: c.threshold } : null,
      });
    }
    const source = { alarmType: 'continuousFlow' as const, sourceKind: 'meter' as const, source: f.meter };
    out.push(...replaySource(source, evaluations, offDelay, ackPolicy(plan.seed, 'continuousFlow', f.meter), to));
  }
  return out;
};

/** Every alarm of [from, to) the engine would have raised and seen through, oldest first. */
export const alarmHistory = (plan: CityPlan, rules: HistoryRules, from: number, to: number): HistoryAlarm[] =>
  [
    ...outageAlarms(plan, rules, from, to),
    ...readingAlarms(plan, rules, from, to),
    ...usageAlarms(plan, rules, from, to),
  ]
    // an episode that began before the window shows only if it was raised in it
    .filter((a) => (a.events[0]?.at ?? 0) >= from)
    .sort((a, b) => (a.events[0]?.at ?? 0) - (b.events[0]?.at ?? 0));
