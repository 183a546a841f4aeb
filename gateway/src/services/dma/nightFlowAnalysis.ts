// The night-flow job: for each tenant and district, (re)compute the nightlines of the days that may have changed,
// detect leak events on the stored series, keep district_leak_events in step with what the detector sees, and raise
// or clear the district's nightFlow alarm. Hourly, and on demand (POST dma/nightFlow/analyse, an inlet-flow import).
//
// Which days: a district without any stored nightline gets its whole history (HISTORY_DAYS) once; afterwards the
// last RECENT_DAYS (yesterday's night is complete once the day ends), reaching further back to the first day any of
// its meters received data for since the last run (a backfill still running at start, a concentrator catching up).
// An import recomputes exactly the days it covered.
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
import { districtNightlines } from './nightFlow/districtNightlines.ts';
import {
  DEFAULT_DETECTION_OPTIONS,
  detectNightlineEvents,
  type MeterSeries,
  type NightlineDetection,
  type NightlinePoint,
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

/** Days analysed on a district's first run. */
export const HISTORY_DAYS = 90;
/** Days recomputed on every later run (today, yesterday and the day before). */
export const RECENT_DAYS = 3;
/** Stored nightlines the detector reads (its warm-up needs three weeks; four months keeps old leaks dated). */
export const DETECTION_DAYS = 120;

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

/** The detection options for a district (the volume is counted over the night-day factor's hours). */
export const detectionOptions = (hoursPerDay: number) => ({ ...DEFAULT_DETECTION_OPTIONS, hoursPerDay });

/** Runs the detector over the district's stored nightlines up to `to`. */
export const detectStored = async (
  db: Kysely<DB>,
  companyId: number,
  districtId: number,
  to: string,
  hoursPerDay: number,
): Promise<NightlineDetection> => {
  const rows = await readNightlines(db, companyId, districtId, addDays(to, -(DETECTION_DAYS - 1)), to);
  const points: NightlinePoint[] = rows.map((r) => ({ day: r.day, value: r.nightline }));
  return detectNightlineEvents(points, detectionOptions(hoursPerDay));
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
  const perConnection = district.nightUseLPerConnH ?? ctx.params.nightUsePerConnection;
  const legitimate = (connectionsOf(district, ctx.members.get(district.id)?.length ?? 0) * perConnection) / 1000;
  const { rows } = districtNightlines(series, from, to, legitimate);
  await upsertNightlines(db, companyId, district.id, rows, at);
  return rows.length;
};

/**
 * Brings the district's events and alarm in step with the detector: each detected event upserted by (kind, start
 * day); an open event the detector no longer sees (its start re-dated, or the data corrected) removed; the alarm
 * raised for the newest open event (value its magnitude, threshold its baseline) or cleared when none is open.
 */
const reconcileEvents = async (
  db: Kysely<DB>,
  companyId: number,
  district: DistrictInfo,
  ctx: Context,
  today: string,
  at: Date,
): Promise<{ opened: number; raised: number; changed: boolean }> => {
  const hours = district.nightDayFactorH ?? ctx.params.nightDayFactorHours;
  const detection = await detectStored(db, companyId, district.id, today, hours);
  const windowFrom = addDays(today, -(DETECTION_DAYS - 1));
  const stored = await readLeakEvents(db, companyId, district.id, windowFrom, null);
  const key = (kind: string, startDay: string) => `${kind}|${startDay}`;
  const before = new Map(stored.map((e) => [key(e.kind, e.startDay), e]));
  const seen = new Set<string>();
  const openIds: number[] = [];
  let opened = 0;
  let changed = false;
  for (const e of detection.events) {
    const k = key(e.kind, e.startDay);
    seen.add(k);
    const prior = before.get(k);
    if (!prior && e.status === 'open') opened++;
    if (!prior || prior.status !== e.status || prior.level !== e.level) changed = true;
    const id = await upsertLeakEvent(
      db,
      companyId,
      district.id,
      {
        kind: e.kind,
        status: e.status,
        startDay: e.startDay,
        detectedDay: e.detectedDay,
        repairedDay: e.repairedDay,
        magnitude: Math.round(e.magnitude * 1000) / 1000,
        volume: Math.round(e.volume * 1000) / 1000,
        level: e.level,
      },
      at,
    );
    if (e.status === 'open') openIds.push(id);
  }
  const gone = stored.filter(
    (e) => e.status === 'open' && e.startDay >= windowFrom && !seen.has(key(e.kind, e.startDay)),
  );
  if (gone.length) changed = true;
  await deleteLeakEvents(
    db,
    companyId,
    gone.map((e) => e.id),
  );

  const open = detection.events.filter((e) => e.status === 'open');
  const newest = open[open.length - 1];
  let raised = 0;
  if (newest) {
    const r = await raiseSourceAlarm(db, companyId, {
      alarmType: 'nightFlow',
      sourceKind: 'district',
      sourceId: district.id,
      sourceCode: district.name,
      areaId: null,
      level: newest.level,
      // the console reads "value / threshold": the nightline the leak brought against the baseline before it
      value: Math.round((newest.baseline + newest.magnitude) * 1000) / 1000,
      threshold: Math.round(newest.baseline * 1000) / 1000,
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
      const historyFrom = addDays(today, -(HISTORY_DAYS - 1));
      const last = options.full ? null : await lastComputedAt(db, companyId, district.id);
      if (last === null) from = historyFrom;
      else {
        const late = await earliestArrivedSince(
          db,
          companyId,
          ctx.measuring.get(district.id) ?? [],
          last,
          dayStart(historyFrom),
        );
        if (late && closingDay(late) < from) from = closingDay(late);
      }
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
