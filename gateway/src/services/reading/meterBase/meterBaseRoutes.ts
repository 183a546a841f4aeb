// /api-workbench meter/meterBase (spec §7): the month-end bases of the tenant's meters in the caller's data scope,
// a manual freeze of an ended month (once, shared with the scheduled job through job_runs), the base check, a
// manual correction and the import of bases from a sheet. Every change is logged.
import { type Static, Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  addMonths,
  BASE_SOURCES,
  BaseCheckBody,
  BaseCheckReply,
  BaseUpdateBody,
  type baseCheckMessageKey,
  CHECK_STATES,
  checkBase,
  FreezeBody,
  FreezeReply,
  METER_BASE_PATHS,
  MeterBase,
  MeterBaseQuery,
  monthStart,
} from '@waterops/shared/reading';
import type { FastifyRequest } from 'fastify';
import { INSTANCE_ID } from '../../../jobs/jobScheduler.ts';
import { freezeOnce } from '../../../jobs/monthEndFreeze.ts';
import { notFound } from '../../../plugins/errors.ts';
import type { ServicePlugin } from '../../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../../log/operationLogRepository.ts';
import type { ServiceOptions } from '../../serviceOptions.ts';
import { revalidateDirtyMeters } from '../revalidate.ts';
import { meterBaseExportRoute } from './meterBaseExport.ts';
import { meterBaseImportRoute } from './meterBaseImport.ts';
import {
  type BaseRow,
  basesForCheck,
  findBase,
  listBases,
  markChecked,
  meterScope,
  setBaseEnd,
} from './meterBaseRepository.ts';
import { num, toMeterBase } from './meterBaseRows.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['meterBase'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const meterBaseRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const scopeOf = (request: FastifyRequest) => meterScope(app.principalOf(request).scope);
  const translate = (request: FastifyRequest) => (key: ReturnType<typeof baseCheckMessageKey>) => request.t(key);

  app.get(
    path(METER_BASE_PATHS.list),
    {
      config: { permission: PERMISSIONS.readingMeterBaseView, alsoPermitted: [PERMISSIONS.readingBaseCheckView] },
      schema: {
        tags,
        summary: 'One page of month-end bases (period, area, region, body code prefix, quality, check state)',
        querystring: MeterBaseQuery,
        response: { 200: PageResult(MeterBase), ...errors },
      },
    },
    async (request) => {
      const q = request.query as Static<typeof MeterBaseQuery>;
      const me = app.principalOf(request);
      const { page: p, limit, ...filters } = q;
      const { rows, count } = await listBases(app.db, me.companyId, filters, scopeOf(request), (p - 1) * limit, limit);
      const t = translate(request);
      return page(
        rows.map((r) => toMeterBase(r, t)),
        count,
        request.t('common.success'),
      );
    },
  );

  app.post(
    path(METER_BASE_PATHS.freeze),
    {
      config: { permission: PERMISSIONS.readingMeterBaseEdit, operation: 'meterBaseFreeze' },
      schema: {
        tags,
        summary: 'Freeze an ended month now (once: a month the job or someone already froze is refused)',
        body: FreezeBody,
        response: { 200: Result(Type.Union([FreezeReply, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const { period } = request.body as Static<typeof FreezeBody>;
      const me = app.principalOf(request);
      const at = now();
      const refuse = (key: 'meterBase.freeze.notEnded' | 'meterBase.freeze.done') => ({
        resp_code: BUSINESS_FAILURE_CODE,
        resp_msg: request.t(key, { period }),
        datas: null,
      });
      if (monthStart(addMonths(period)) > at) return refuse('meterBase.freeze.notEnded');
      await revalidateDirtyMeters(app.db, { now: at });
      const run = await freezeOnce(app.db, me.companyId, period, INSTANCE_ID, at);
      if (!run.ran) return refuse('meterBase.freeze.done');
      await recordRequestOperation(app.db, request, me, {
        operation: 'meterBaseFreeze',
        detail: `${period}: ${run.detail.frozen}`,
        at,
      });
      return ok({ period, frozen: run.detail.frozen }, request.t('common.success'));
    },
  );

  app.post(
    path(METER_BASE_PATHS.baseCheck),
    {
      config: { permission: PERMISSIONS.readingBaseCheckEdit, operation: 'meterBaseCheck' },
      schema: {
        tags,
        summary: 'Check the bases of a period (optionally one area): each becomes normal or abnormal with reasons',
        body: BaseCheckBody,
        response: { 200: Result(BaseCheckReply), ...errors },
      },
    },
    async (request) => {
      const { period, areaId } = request.body as Static<typeof BaseCheckBody>;
      const me = app.principalOf(request);
      const at = now();
      const reply = await app.db.transaction().execute(async (tx) => {
        const bases = await basesForCheck(tx, me.companyId, period, areaId, scopeOf(request));
        // one update per distinct outcome: a handful of statements however many bases
        const byOutcome = new Map<string, number[]>();
        for (const b of bases) {
          const codes = checkBase(
            { period, endReading: num(b.end_reading), consumption: num(b.consumption), quality: b.quality.trim() },
            b.previous.map((p) => ({ period: p.period, consumption: Number(p.consumption) })),
            b.first_day,
          ).join(',');
          byOutcome.set(codes, [...(byOutcome.get(codes) ?? []), Number(b.id)]);
        }
        let abnormal = 0;
        for (const [codes, ids] of byOutcome) {
          if (codes) abnormal += ids.length;
          await markChecked(
            tx,
            me.companyId,
            ids,
            codes ? CHECK_STATES.abnormal : CHECK_STATES.normal,
            codes || null,
            at,
          );
        }
        await recordRequestOperation(tx, request, me, {
          operation: 'meterBaseCheck',
          detail: `${period}${areaId ? ` area #${areaId}` : ''}: ${abnormal}/${bases.length}`,
          at,
        });
        return { checked: bases.length, abnormal };
      });
      return ok(reply, request.t('common.success'));
    },
  );

  app.post(
    path(METER_BASE_PATHS.update),
    {
      config: {
        permission: PERMISSIONS.readingMeterBaseEdit,
        alsoPermitted: [PERMISSIONS.readingBaseCheckEdit],
        operation: 'meterBaseUpdate',
      },
      schema: {
        tags,
        summary: 'Correct the end reading of a base by hand (source manual; the next period follows)',
        body: BaseUpdateBody,
        response: { 200: Result(MeterBase), ...errors },
      },
    },
    async (request) => {
      const { id, endReading } = request.body as Static<typeof BaseUpdateBody>;
      const me = app.principalOf(request);
      const at = now();
      const saved = await app.db.transaction().execute(async (tx) => {
        const base = await findBase(tx, me.companyId, id, scopeOf(request));
        if (!base) throw notFound();
        await setBaseEnd(tx, me.companyId, base, endReading, BASE_SOURCES.manual, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'meterBaseUpdate',
          detail: `${base.meter_code} ${base.period}: ${num(base.end_reading) ?? '-'} → ${endReading}`,
          at,
        });
        return (await findBase(tx, me.companyId, id, null)) as BaseRow;
      });
      return ok(toMeterBase(saved, translate(request)), request.t('common.success'));
    },
  );

  await app.register(meterBaseImportRoute, { now });
  await app.register(meterBaseExportRoute, { now });
};
