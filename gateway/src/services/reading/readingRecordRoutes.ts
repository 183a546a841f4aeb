// /api-workbench reading records (抄表记录, spec §7 meter/meterBase): a meter's raw reads (paged, newest first) and its
// validated daily series with the swaps and totals of the window; without a meter, the latest reads of every meter
// in the caller's data scope. Read-only; a named meter must be the tenant's and inside the caller's data scope (its
// area), else 404 as for any record of another tenant.
import { ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  addDays,
  chinaDay,
  closingDay,
  DAYS_MAX_SPAN,
  DaysQuery,
  dayStart,
  isDayRangeRefusal,
  MeterDays,
  type MeterSwap,
  type QualityCode,
  RawReading,
  READING_RECORD_PATHS,
  READINGS_MAX_SPAN,
  ReadingsQuery,
  type RuleCode,
  resolveDayRange,
} from '@waterops/shared/reading';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { meterSwaps, readingDays, readingsPage, type ScopedMeter, scopedMeter } from './readingRecordRepository.ts';
import { dayTotals } from './readingRecordTotals.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
/** Meters are scoped by their residential area. */
export const METER_SCOPE = { areaColumn: 'area_id', field: 'meterId' } as const;
/** Without from/to a meter's records show the last 30 days. */
const DEFAULT_DAYS = 30;

/** The China-day range of a request (defaults, clipped at today), or a 400 naming the field. */
export const requestDayRange = (
  query: { from?: string; to?: string },
  now: Date,
  defaultDays: number,
  maxDays: number,
): { from: string; to: string } => {
  const range = resolveDayRange(query, chinaDay(now), defaultDays, maxDays);
  if (isDayRangeRefusal(range)) throw new AppError(400, range.message, range.field, range.params);
  return range;
};

/** The instants [start of `from`, start of the day after `to`) of a China-day range. */
export const dayWindow = (range: { from: string; to: string }) => ({
  from: dayStart(range.from),
  to: dayStart(addDays(range.to)),
});

/** The meter named by the request, if the caller may see it; 404 otherwise. */
export const meterOfRequest = async (
  app: FastifyInstance,
  request: FastifyRequest,
  meterId: number,
): Promise<ScopedMeter> => {
  const me = app.principalOf(request);
  const meter = await scopedMeter(app.db, me.companyId, meterId, scopeFilter(METER_SCOPE, me.scope));
  if (!meter) throw notFound();
  return meter;
};

export const readingRecordRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const tags = ['reading'];

  app.get(
    path(READING_RECORD_PATHS.readings),
    {
      config: { permission: PERMISSIONS.readingRecordView },
      schema: {
        tags,
        summary:
          "A meter's raw register reads, newest first (from/to: China days, at most a year; no meter: every meter's in the caller's data scope)",
        querystring: ReadingsQuery,
        response: { 200: PageResult(RawReading), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const range = requestDayRange(q, now(), DEFAULT_DAYS, READINGS_MAX_SPAN);
      const me = app.principalOf(request);
      // no meter chosen: the page opens on the latest reads of all the caller may see, not on an empty table
      const of =
        q.meterId === undefined
          ? { scope: scopeFilter(METER_SCOPE, me.scope) }
          : { meterId: (await meterOfRequest(app, request, q.meterId)).id };
      const { rows, count } = await readingsPage(app.db, me.companyId, of, dayWindow(range), q);
      return page(rows, count, request.t('common.success'));
    },
  );

  app.get(
    path(READING_RECORD_PATHS.days),
    {
      config: { permission: PERMISSIONS.readingRecordView },
      schema: {
        tags,
        summary: "A meter's validated daily series with its swaps and totals (from/to: China days, at most 366)",
        description:
          'Quality A actual, E estimated, S substituted; rule = the validation rule that fired. Consumption is the ' +
          'validated use (never negative), raw consumption what the raw reads alone give.',
        querystring: DaysQuery,
        response: { 200: Result(MeterDays), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const range = requestDayRange(q, now(), DEFAULT_DAYS, DAYS_MAX_SPAN);
      const meter = await meterOfRequest(app, request, q.meterId);
      const me = app.principalOf(request);
      const [days, swaps] = await Promise.all([
        readingDays(app.db, me.companyId, meter.id, range.from, range.to),
        meterSwaps(app.db, me.companyId, meter.id, dayWindow(range)),
      ]);
      const result: MeterDays = {
        meterId: meter.id,
        meterCode: meter.meterCode,
        maxReading: meter.maxReading,
        ...range,
        days: days.map((d) => ({ ...d, quality: d.quality as QualityCode, rule: d.rule as RuleCode | null })),
        swaps: swaps.map(
          (s): MeterSwap => ({
            id: Number(s.id),
            replacedTime: s.replaced_at.toISOString(),
            day: closingDay(s.replaced_at),
            oldMeterCode: s.old_meter_code,
            oldFinalReading: Number(s.old_final_reading),
            newMeterCode: s.new_meter_code,
            newBaseReading: Number(s.new_base_reading),
            remark: s.remark,
          }),
        ),
        totals: dayTotals(days, range.from, range.to),
      };
      return ok(result, request.t('common.success'));
    },
  );
};
