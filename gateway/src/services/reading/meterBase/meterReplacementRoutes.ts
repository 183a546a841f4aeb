// /api-workbench device/watermeter/replace and replacements: swapping the meter at a metering point (换表). The
// point keeps its id (its resident, area and history); it takes the new body code, which must stay unique (spec §5),
// and the new base; the old register's final read and the new one's base are kept as a swap row, which the daily
// validation uses so consumption is counted across the swap.
import { type Static, Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  chinaDay,
  METER_BASE_PATHS,
  MeterReplacement,
  ReplaceMeter,
  validateReplaceMeter,
} from '@waterops/shared/reading';
import { AppError, notFound } from '../../../plugins/errors.ts';
import type { ServicePlugin } from '../../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../../log/operationLogRepository.ts';
import type { ServiceOptions } from '../../serviceOptions.ts';
import { meterScope } from './meterBaseRepository.ts';
import { lockMeterForSwap, meterCodeTaken, recordSwap, type SwapRow, swapsOf } from './meterReplacementRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['meterReplacement'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const SwapsQuery = Type.Object({
  /** one meter's swaps; without it, the latest swaps of the meters in the caller's scope */
  meterId: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Integer({ minimum: 1, maximum: 999, default: 50 }),
  /** accepted for the list convention; the answer is the newest `limit` swaps */
  page: Type.Optional(Type.Integer({ minimum: 1 })),
});

const toReplacement = (r: SwapRow): MeterReplacement => ({
  id: Number(r.id),
  meterId: Number(r.meter_id),
  replacedAt: r.replaced_at.toISOString(),
  oldMeterCode: r.old_meter_code,
  oldFinalReading: Number(r.old_final_reading),
  newMeterCode: r.new_meter_code,
  newBaseReading: Number(r.new_base_reading),
  remark: r.remark,
  createTime: r.created_at.toISOString(),
});

export const meterReplacementRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.post(
    path(METER_BASE_PATHS.replace),
    {
      config: { permission: PERMISSIONS.readingRecordEdit, operation: 'meterReplace' },
      schema: {
        tags,
        summary: 'Replace the meter at a metering point: new body code and base; the daily series is recomputed',
        description: 'A body code another meter holds answers HTTP 200 with resp_code 1 and the message.',
        body: ReplaceMeter,
        response: { 200: Result(Type.Union([MeterReplacement, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const body = request.body as Static<typeof ReplaceMeter>;
      const me = app.principalOf(request);
      const at = now();
      const violation = validateReplaceMeter(body, at)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const replacedAt = new Date(body.replacedAt);
      const newCode = body.newMeterCode.trim();
      const swap = app.db.transaction().execute(async (tx) => {
        const meter = await lockMeterForSwap(tx, me.companyId, body.meterId, meterScope(me.scope));
        if (!meter) throw notFound();
        if (await meterCodeTaken(tx, me.companyId, newCode, meter.id)) return null;
        const id = await recordSwap(
          tx,
          me.companyId,
          {
            meterId: meter.id,
            replacedAt,
            oldMeterCode: meter.meter_code,
            oldFinalReading: body.oldFinalReading,
            newMeterCode: newCode,
            newBaseReading: body.newBaseReading,
            remark: body.remark?.trim() || null,
            createdBy: me.userId,
            day: chinaDay(replacedAt),
          },
          at,
        );
        await recordRequestOperation(tx, request, me, {
          operation: 'meterReplace',
          detail: `meter #${meter.id} ${meter.meter_code} (${body.oldFinalReading}) → ${newCode} (${body.newBaseReading})`,
          at,
        });
        return (await swapsOf(tx, me.companyId, meter.id)).find((s) => Number(s.id) === id) as SwapRow;
      });
      // the unique index still answers a code taken by a concurrent save between the check and the update
      const outcome = await swap.catch((e: { code?: string; constraint?: string }) => {
        if (e.code === '23505' && e.constraint === 'water_meters_code_uq') return null;
        throw e;
      });
      if (!outcome)
        return { resp_code: BUSINESS_FAILURE_CODE, resp_msg: request.t('resource.meterCode.exists'), datas: null };
      return ok(toReplacement(outcome), request.t('common.success'));
    },
  );

  app.get(
    path(METER_BASE_PATHS.replacements),
    {
      config: {
        permission: PERMISSIONS.readingRecordView,
        alsoPermitted: [PERMISSIONS.deviceMeterView, PERMISSIONS.readingRecordEdit],
      },
      schema: {
        tags,
        summary: "The swaps of one meter of the tenant (or the tenant's latest, in the data scope), newest first",
        querystring: SwapsQuery,
        response: { 200: Result(Type.Array(MeterReplacement)), ...errors },
      },
    },
    async (request) => {
      const { meterId, limit } = request.query as Static<typeof SwapsQuery>;
      const me = app.principalOf(request);
      const scope = meterScope(me.scope);
      const rows = await app.db.transaction().execute(async (tx) => {
        if (meterId !== undefined && !(await lockMeterForSwap(tx, me.companyId, meterId, scope, false)))
          throw notFound();
        return swapsOf(tx, me.companyId, meterId, scope, limit);
      });
      return ok(rows.map(toReplacement), request.t('common.success'));
    },
  );
};
