// /api-workbench dma/nightFlow: the nightline per day with the detector's baseline and CUSUM and the leak events
// (GET), each asked day's inflow curve (GET curves), running the analysis now (POST analyse) and choosing the quiet
// period the baseline is learnt from (POST baseline). A district outside the account's data scope
// (districtRepository's rule: by member areas) or another tenant's is 404.

import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DMA_PATHS,
  type LeakEvent,
  NightFlowBaseline,
  NightFlowCurves,
  NightFlowCurvesQuery,
  NightFlowQuery,
  NightFlowRun,
  NightFlowSeries,
} from '@waterops/shared/dma';
import type { DataScope } from '@waterops/shared/place';
import { addDays, chinaDay, dayStart, daysBetween } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { visibleDistrictIds } from './districtRepository.ts';
import { loadDmaParams } from './dmaParams.ts';
import { type LeakEventRow, readLeakEvents } from './leakEventRepository.ts';
import { districtNightlines } from './nightFlow/districtNightlines.ts';
import { DEFAULT_DETECTION_OPTIONS, type MeterSeries } from './nightFlow/index.ts';
import { analyseTenant, detectStored } from './nightFlowAnalysis.ts';
import {
  type DistrictInfo,
  districtMeters,
  loadDistricts,
  loadFlowSamples,
  readNightlines,
} from './nightFlowRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The longest range the nightFlow GET answers, days. */
export const NIGHT_FLOW_MAX_DAYS = 366;
/** The shortest baseline period, days (the detector's minSeedDays). */
export const BASELINE_MIN_DAYS = DEFAULT_DETECTION_OPTIONS.minSeedDays;
/** The most days the curves GET draws. */
export const CURVES_MAX_DAYS = 14;

const round = (x: number | null, d = 4) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);
const validDay = (d: string) => DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && addDays(d, 0) === d;

/** The tenant's district within the account's data scope (the districts list's rule), or 404. */
export const districtOr404 = async (
  db: Kysely<DB>,
  companyId: number,
  districtId: number,
  scope: DataScope | null,
): Promise<DistrictInfo> => {
  const [d] = await loadDistricts(db, companyId, districtId);
  const visible = await visibleDistrictIds(db, companyId, scope);
  if (!d || (visible && !visible.has(d.id))) throw notFound();
  return d;
};

export const toLeakEvent = (e: LeakEventRow, districtName: string): LeakEvent => ({
  id: e.id,
  districtId: e.districtId,
  districtName,
  kind: e.kind,
  status: e.status,
  startDay: e.startDay,
  detectedDay: e.detectedDay,
  firstDetectedAt: e.firstDetectedAt.toISOString(),
  repairedDay: e.repairedDay,
  magnitude: e.magnitude,
  volume: e.volume,
  level: e.level,
  alarmId: e.alarmId,
});

/** The inlet and outlet meters' flow series of a district over China days from..to. */
export const districtSeries = async (
  db: Kysely<DB>,
  companyId: number,
  districtId: number,
  from: string,
  to: string,
): Promise<MeterSeries[]> => {
  const meters = (await districtMeters(db, companyId, [districtId])).filter(
    (m) => m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet,
  );
  const samples = await loadFlowSamples(
    db,
    companyId,
    meters.map((m) => m.meterId),
    dayStart(from),
    dayStart(addDays(to)),
  );
  return meters.map((m) => ({
    sign: m.role === DISTRICT_METER_ROLE.inlet ? 1 : -1,
    samples: samples.get(m.meterId) ?? [],
  }));
};

const AnalyseQuery = Type.Object({
  districtId: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});

export const nightFlowRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(DMA_PATHS.nightFlow),
    {
      config: { permission: PERMISSIONS.dmaAnalysisView },
      schema: {
        tags: ['dma'],
        summary: 'A district’s nightline per day (with the detector’s baseline and CUSUM) and its leak events',
        querystring: NightFlowQuery,
        response: { 200: Result(NightFlowSeries), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtId, from, to } = request.query;
      if (!validDay(from)) throw badRequest('from');
      if (!validDay(to) || to < from) throw badRequest('to');
      if (daysBetween(from, to).length > NIGHT_FLOW_MAX_DAYS)
        throw new AppError(400, 'dmaAnalysis.rangeTooLong', 'to', { days: NIGHT_FLOW_MAX_DAYS });
      const district = await districtOr404(app.db, me.companyId, districtId, me.scope);
      const params = await loadDmaParams(app.db, me.companyId);
      const stored = await readNightlines(app.db, me.companyId, districtId, from, to);
      // the detector over the whole history up to `to`, as the job runs it: the same baseline and events
      const detection = await detectStored(app.db, me.companyId, district, to, params.nightDayFactorHours);
      const trace = new Map(detection.trace.map((t) => [t.day, t]));
      const events = await readLeakEvents(app.db, me.companyId, districtId, from, to);
      const days = stored.map((r) => {
        const t = trace.get(r.day);
        return {
          day: r.day,
          nightline: round(r.nightline),
          minAt: r.minAt ? r.minAt.toISOString() : null,
          points: r.points,
          expected: r.expected,
          legitimate: round(r.legitimate),
          leakage: round(r.leakage),
          meanFlow: round(r.meanFlow),
          baseline: round(t?.expected ?? null),
          cusum: t && t.expected !== null ? round(t.cusum) : null,
        };
      });
      const withData = days.find((d) => d.expected > 0);
      return ok(
        {
          districtId,
          districtName: district.name,
          intervalMinutes: withData ? Math.round(1440 / withData.expected) : null,
          days,
          events: events.map((e) => toLeakEvent(e, district.name)),
          warmup: {
            required: detection.warmup.required,
            have: detection.warmup.have,
            readyDay: detection.warmup.readyDay,
            baselineFrom: district.baselineFrom,
            baselineTo: district.baselineTo,
          },
        },
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(DMA_PATHS.nightFlowCurves),
    {
      config: { permission: PERMISSIONS.dmaAnalysisView },
      schema: {
        tags: ['dma'],
        summary: 'Each asked day’s district inflow (inlets − outlets) as [minute of the day, m³/h] points',
        querystring: NightFlowCurvesQuery,
        response: { 200: Result(NightFlowCurves), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtId } = request.query;
      const days = [...new Set(request.query.days.split(',').map((d) => d.trim()))].filter((d) => d !== '');
      if (days.length === 0 || !days.every(validDay)) throw badRequest('days');
      if (days.length > CURVES_MAX_DAYS)
        throw new AppError(400, 'dmaAnalysis.tooManyDays', 'days', { days: CURVES_MAX_DAYS });
      await districtOr404(app.db, me.companyId, districtId, me.scope);
      const curves = [];
      for (const day of days.sort()) {
        const series = await districtSeries(app.db, me.companyId, districtId, day, day);
        const { rows, samples } = districtNightlines(series, day, day, null);
        const start = dayStart(day).getTime();
        const row = rows[0];
        curves.push({
          day,
          points: samples.map((s) => [(s.at.getTime() - start) / 60_000, round(s.flow) as number] as [number, number]),
          nightline: round(row?.nightline ?? null),
          minMinute: row?.minAt ? (row.minAt.getTime() - start) / 60_000 : null,
        });
      }
      return ok({ districtId, curves }, request.t('common.success'));
    },
  );

  app.post(
    path(DMA_PATHS.nightFlowAnalyse),
    {
      config: { permission: PERMISSIONS.dmaAnalysisEdit, operation: 'dmaNightFlowAnalyse' },
      schema: {
        tags: ['dma'],
        summary: 'Run the night-flow analysis now: one district or all; from/to recompute those days',
        querystring: AnalyseQuery,
        response: { 200: Result(NightFlowRun), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtId, from, to } = request.query;
      if (from !== undefined && !validDay(from)) throw badRequest('from');
      if (to !== undefined && (!validDay(to) || from === undefined || to < from)) throw badRequest('to');
      if (from !== undefined && daysBetween(from, to ?? chinaDay(now())).length > NIGHT_FLOW_MAX_DAYS)
        throw new AppError(400, 'dmaAnalysis.rangeTooLong', 'to', { days: NIGHT_FLOW_MAX_DAYS });
      if (districtId !== undefined) await districtOr404(app.db, me.companyId, districtId, me.scope);
      const at = now();
      const r = await analyseTenant(app.db, me.companyId, at, {
        districtId,
        from,
        to: from !== undefined ? (to ?? chinaDay(at)) : undefined,
        full: from === undefined,
      });
      if (r.changed) app.changeHints?.announce({ companyId: me.companyId, topic: 'alarms' });
      await recordRequestOperation(app.db, request, me, {
        operation: 'dmaNightFlowAnalyse',
        detail: `${districtId === undefined ? 'all districts' : `district ${districtId}`}: ${r.districts} districts, ${r.days} days`,
        at,
      });
      const { changed: _, ...run } = r;
      return ok(run, request.t('common.success'));
    },
  );
  app.post(
    path(DMA_PATHS.nightFlowBaseline),
    {
      config: { permission: PERMISSIONS.dmaAnalysisEdit, operation: 'dmaNightFlowBaseline' },
      schema: {
        tags: ['dma'],
        summary: 'Learn a district’s night-flow baseline from a quiet period (null: its first days); analyses it again',
        body: NightFlowBaseline,
        response: { 200: Result(NightFlowRun), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { districtId, from, to } = request.body;
      if ((from === null) !== (to === null)) throw badRequest(from === null ? 'from' : 'to');
      if (from !== null && !validDay(from)) throw badRequest('from');
      if (to !== null && (!validDay(to) || to < (from as string))) throw badRequest('to');
      if (from !== null && to !== null && daysBetween(from, to).length < BASELINE_MIN_DAYS)
        throw new AppError(400, 'dmaAnalysis.baselineTooShort', 'to', { days: BASELINE_MIN_DAYS });
      if (from !== null && to !== null && daysBetween(from, to).length > NIGHT_FLOW_MAX_DAYS)
        throw new AppError(400, 'dmaAnalysis.rangeTooLong', 'to', { days: NIGHT_FLOW_MAX_DAYS });
      await districtOr404(app.db, me.companyId, districtId, me.scope);
      const at = now();
      await app.db
        .updateTable('districts')
        .set({ baseline_from: from, baseline_to: to, updated_at: at })
        .where('company_id', '=', me.companyId)
        .where('id', '=', districtId)
        .execute();
      // only the detection changes (the nightlines do not): recompute the recent days and reconcile the events
      const r = await analyseTenant(app.db, me.companyId, at, { districtId });
      if (r.changed) app.changeHints?.announce({ companyId: me.companyId, topic: 'alarms' });
      await recordRequestOperation(app.db, request, me, {
        operation: 'dmaNightFlowBaseline',
        detail: `district ${districtId}: ${from === null ? 'first days' : `${from} – ${to}`}`,
        at,
      });
      const { changed: _, ...run } = r;
      return ok(run, request.t('common.success'));
    },
  );
};
