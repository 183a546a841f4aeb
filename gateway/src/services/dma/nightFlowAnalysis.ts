// The night-flow job: for each tenant and district, (re)compute the nightlines of the days that may have changed,
// run the detector over the district's whole stored history, keep district_leak_events in step with what it sees,
// and raise or clear the district's nightFlow alarm. Hourly, and on demand (POST dma/nightFlow/analyse, an
// inlet-flow import).
//
// Which days are recomputed: a district without any stored nightline gets its whole history (from its meters' first
// data, at most MAX_HISTORY_DAYS) once; afterwards the last RECENT_DAYS (yesterday's night is complete once the day
// ends), reaching further back to the first day any of its meters received data for since the last run (a backfill,
// a concentrator catching up, last year's data loaded late). An import recomputes exactly the days it covered.
// Detection always reads every stored nightline (a few hundred numbers a year): the detector is causal, so however
// the days arrived — a year imported at once or one day at a time — it finds the same events, confirmed on the same
// days, which is what keeps each event's row (keyed by that day) from being re-dated or recreated.
import { ALARM_LEVELS } from '@waterops/shared/monitoring';
import { addDays, chinaDay, closingDay, dayStart } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';
import { clearSourceAlarm, raiseSourceAlarm } from '../alarm/alarmEngine.ts';
import { loadDmaParams } from './dmaParams.ts';
import {
  deleteLeakEvents,
  districtAlarmId,
  readLeakEvents,
  setEventAlarm,
  upsertLeakEvent,
} from './leakEventRepository.ts';
import { legitimateNightUse } from './legitimateNightUse.ts';
import { districtNightlines } from './nightFlow/districtNightlines.ts';
import {
  DEFAULT_DETECTION_OPTIONS,
  type DetectionOptions,
  detectNightlineEvents,
  type MeterSeries,
  type NightlineDetection,
} from './nightFlow/index.ts';
import {
  type DistrictInfo,
  districtMeters,
  earliestArrivedSince,
  lastComputedAt,
  loadDistricts,
  loadFlowSamples,
  memberMeterIds,
  readNightlines,
  tenantsWithDistricts,
  upsertNightlines,
} from './nightFlowRepository.ts';

/** The longest history analysed (three years): a first run's reach, and how far back late data is taken. */
export const MAX_HISTORY_DAYS = 1096;
/** Days recomputed on every later run (today, yesterday and the day before). */
export const RECENT_DAYS = 3;

export type TenantChanged = (companyId: number) => void;

export type NightFlowRunReport = { districts: number; days: number; eventsOpened: number; alarmsRaised: number };

const empty = (): NightFlowRunReport => ({ districts: 0, days: 0, eventsOpened: 0, alarmsRaised: 0 });
const addReport = (a: NightFlowRunReport, b: NightFlowRunReport): NightFlowRunReport => ({
  districts: a.districts + b.districts,
  days: a.days + b.days,
  eventsOpened: a.eventsOpened + b.eventsOpened,
  alarmsRaised: a.alarmsRaised + b.alarmsRaised,
});

/** Connections for the legitimate night use: the district's own figure, else its member meters. */
export const connectionsOf = (district: DistrictInfo, memberMeters: number): number =>
  district.connections ?? memberMeters;

/** The detector's options for a district: the volume over the night-day factor's hours, its baseline period. */
export const detectionOptions = (
  district: Pick<DistrictInfo, 'nightDayFactorH' | 'baselineFrom' | 'baselineTo'>,
  defaultHoursPerDay: number,
): DetectionOptions => ({
  ...DEFAULT_DETECTION_OPTIONS,
  hoursPerDay: district.nightDayFactorH ?? defaultHoursPerDay,
  seed: district.baselineFrom && district.baselineTo ? { from: district.baselineFrom, to: district.baselineTo } : null,
});

/** Runs the detector over the district's stored nightlines up to `to` (its whole history). */
export const detectStored = async (
  db: Kysely<DB>,
  companyId: number,
  district: DistrictInfo,
  to: string,
  defaultHoursPerDay: number,
): Promise<NightlineDetection> => {
  const rows = await readNightlines(db, companyId, district.id, addDays(to, -(MAX_HISTORY_DAYS - 1)), to);
  return detectNightlineEvents(
    rows.map((r) => ({ day: r.day, value: r.nightline })),
    detectionOptions(district, defaultHoursPerDay),
  );
};

type Context = {
  params: Awaited<ReturnType<typeof loadDmaParams>>;
  members: Map<number, number[]>;
  /** inlet and outlet meter ids per district */
  measuring: Map<number, number[]>;
};

/** Recomputes the district's nightlines over from..to and stores them. */
const computeDays = async (
  db: Kysely<DB>,
  companyId: number,
  district: DistrictInfo,
  ctx: Context,
  from: string,
  to: string,
  at: Date,
): Promise<number> => {
  const meters = (await districtMeters(db, companyId, [district.id])).filter(
    (m) => m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet,
  );
  const samples = await loadFlowSamples(
    db,
    companyId,
    meters.map((m) => m.meterId),
    dayStart(from),
    dayStart(addDays(to)),
  );
  const series: MeterSeries[] = meters.map((m) => ({
    sign: m.role === DISTRICT_METER_ROLE.inlet ? 1 : -1,
    samples: samples.get(m.meterId) ?? [],
  }));
  const connections = connectionsOf(district, ctx.members.get(district.id)?.length ?? 0);
  const legitimate = legitimateNightUse({
    ...district,
    defaultLPerConnH: ctx.params.nightUsePerConnection,
    connections,
  });
  const { rows } = districtNightlines(series, from, to, legitimate);
  await upsertNightlines(db, companyId, district.id, rows, at);
  return rows.length;
};

/**
 * Brings the district's events and alarm in step with the detector: each detected event upserted by its detected
 * day (new ones stamped with their first detection, now); an event the detector no longer sees (the data under it
 * was corrected) removed; the alarm raised for the most severe open event (value the nightline it brought,
 * threshold the expected level before it) or cleared when none is open.
 */
const reconcileEvents = async (
  db: Kysely<DB>,
  companyId: number,
  district: DistrictInfo,
  ctx: Context,
  today: string,
  at: Date,
): Promise<{ opened: number; raised: number; changed: boolean }> => {
  const detection = await detectStored(db, companyId, district, today, ctx.params.nightDayFactorHours);
  const stored = await readLeakEvents(db, companyId, district.id, addDays(today, -(MAX_HISTORY_DAYS - 1)), null);
  const before = new Map(stored.map((e) => [e.detectedDay, e]));
  const seen = new Set<string>();
  const openIds: number[] = [];
  let opened = 0;
  let changed = false;
  for (const e of detection.events) {
    seen.add(e.detectedDay);
    const prior = before.get(e.detectedDay);
    // a fall within a week is "not confirmed" — unless a work order reported repairing it
    const status = e.status === 'notConfirmed' && prior?.repairOrderId != null ? 'repaired' : e.status;
    if (!prior && status === 'open') opened++;
    if (!prior || prior.status !== status || prior.level !== e.level) changed = true;
    const id = await upsertLeakEvent(
      db,
      companyId,
      district.id,
      {
        kind: e.kind,
        status,
        startDay: e.startDay,
        detectedDay: e.detectedDay,
        repairedDay: e.repairedDay,
        magnitude: Math.round(e.magnitude * 1000) / 1000,
        volume: Math.round(e.volume * 1000) / 1000,
        level: e.level,
      },
      at,
    );
    if (status === 'open') openIds.push(id);
  }
  const gone = stored.filter((e) => !seen.has(e.detectedDay));
  if (gone.length) changed = true;
  await deleteLeakEvents(
    db,
    companyId,
    gone.map((e) => e.id),
  );

  const open = detection.events.filter((e) => e.status === 'open');
  const rank = (e: (typeof open)[number]) => ALARM_LEVELS.indexOf(e.level);
  const worst = open.reduce<(typeof open)[number] | undefined>((a, e) => (!a || rank(e) <= rank(a) ? e : a), undefined);
  let raised = 0;
  if (worst) {
    const r = await raiseSourceAlarm(db, companyId, {
      alarmType: 'nightFlow',
      sourceKind: 'district',
      sourceId: district.id,
      sourceCode: district.name,
      areaId: null,
      level: worst.level,
      // the console reads "value / threshold": the nightline the leak brought against the level expected before it
      value: Math.round((worst.baseline + worst.magnitude) * 1000) / 1000,
      threshold: Math.round(worst.baseline * 1000) / 1000,
      at,
    });
    raised = r.raised;
    if (r.raised + r.reraised + r.cleared > 0) changed = true;
    await setEventAlarm(db, companyId, openIds, await districtAlarmId(db, companyId, district.id));
  } else {
    const r = await clearSourceAlarm(db, companyId, {
      alarmType: 'nightFlow',
      sourceKind: 'district',
      sourceId: district.id,
      at,
    });
    if (r.cleared > 0) changed = true;
  }
  return { opened, raised, changed };
};

export type AnalyseOptions = {
  /** one district only */
  districtId?: number;
  /** recompute these days (else: the whole history on a first run, the recent days afterwards) */
  from?: string;
  to?: string;
  /** recompute the whole history even when nightlines are stored */
  full?: boolean;
};

/** Analyses the tenant's districts (or one) at `at`; returns what it did and whether the tenant's alarms changed. */
export const analyseTenant = async (
  db: Kysely<DB>,
  companyId: number,
  at: Date,
  options: AnalyseOptions = {},
): Promise<NightFlowRunReport & { changed: boolean }> => {
  const today = chinaDay(at);
  const districts = await loadDistricts(db, companyId, options.districtId);
  const measuring = new Map<number, number[]>();
  for (const m of await districtMeters(
    db,
    companyId,
    options.districtId === undefined ? undefined : [options.districtId],
  ))
    if (m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet)
      measuring.set(m.districtId, [...(measuring.get(m.districtId) ?? []), m.meterId]);
  const ctx: Context = {
    measuring,
    params: await loadDmaParams(db, companyId),
    members: await memberMeterIds(
      db,
      companyId,
      districts.map((d) => d.id),
    ),
  };
  let report = empty();
  let changed = false;
  for (const district of districts) {
    let from = options.from ?? addDays(today, -(RECENT_DAYS - 1));
    const to = options.to ?? today;
    if (options.from === undefined) {
      const historyFrom = dayStart(addDays(today, -(MAX_HISTORY_DAYS - 1)));
      const meters = ctx.measuring.get(district.id) ?? [];
      const last = options.full ? null : await lastComputedAt(db, companyId, district.id);
      // first run (or full): from the meters' first data; later: from the first day late data arrived for
      const late = await earliestArrivedSince(db, companyId, meters, last ?? new Date(0), historyFrom);
      if (late && closingDay(late) < from) from = closingDay(late);
    }
    const days = await computeDays(db, companyId, district, ctx, from, to, at);
    const r = await reconcileEvents(db, companyId, district, ctx, today, at);
    changed ||= r.changed;
    report = addReport(report, { districts: 1, days, eventsOpened: r.opened, alarmsRaised: r.raised });
  }
  return { ...report, changed };
};

/** The scheduled job: every tenant with districts; a tenant whose events or alarms changed is announced. */
export const runNightFlowAnalysis = async (
  db: Kysely<DB>,
  at: Date,
  onChanged?: TenantChanged,
): Promise<NightFlowRunReport> => {
  let report = empty();
  for (const companyId of await tenantsWithDistricts(db)) {
    const r = await analyseTenant(db, companyId, at);
    if (r.changed) onChanged?.(companyId);
    report = addReport(report, r);
  }
  return report;
};
