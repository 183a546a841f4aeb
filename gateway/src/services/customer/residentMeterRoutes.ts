// /api-workbench resident–meter binding (spec §7 data/residentMeter): bind meters to a resident, relieve (解绑),
// takeOff (拆表), batchClearance (销户: every binding ended, the resident closed), the unbound meters for the bind
// dialog, and the history per resident or per meter. Each change ends or opens history rows (never deletes them)
// and writes one operation-log entry per meter, with who and when. Resident and meters must lie in the caller's
// data scope; writes of the binding are serialised per tenant with the residents' lock.
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  Binding,
  BindingHistoryQuery,
  CUSTOMER_PATHS,
  MeterIdQuery,
  MeterIdsQuery,
  parseIdList,
  RESIDENT_STATUS_CLOSED,
  ResidentIdsQuery,
  ResidentMeterBind,
  type UnbindKind,
  UnboundMeter,
  UnboundMeterQuery,
} from '@waterops/shared/customer';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { lockResource } from '../resource/resourceRepository.ts';
import { rowInScope, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  bindingHistory,
  endBindings,
  insertBindings,
  metersWithBinding,
  openBindingsOf,
  unboundMeters,
} from './residentMeterRepository.ts';
import { setResidentStatus } from './residentRepository.ts';
import { RESIDENT_SCOPE, residentsInScope } from './residentRoutes.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const METER_SCOPE = { areaColumn: 'area_id' } as const;

type Refusal = { key: MessageKey; params?: Record<string, string | number> };

/** The meters of the ids with their open binding, or a 404 when one is missing, foreign or outside the scope. */
const metersInScope = async (tx: Transaction<DB>, me: Principal, ids: number[]) => {
  const rows = await metersWithBinding(tx, me.companyId, ids);
  if (rows.length !== ids.length) throw notFound();
  const scope = scopeFilter(METER_SCOPE, me.scope);
  for (const m of rows)
    if (!(await rowInScope(tx, 'water_meters', me.companyId, Number(m.id), scope))) throw notFound();
  return rows;
};

export const residentMeterRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const tags = ['residentMeter'];
  const write = (operation: Operation) => ({ permission: PERMISSIONS.dataResidentEdit, operation });

  const answer = (request: FastifyRequest, refusal: Refusal | null) =>
    refusal
      ? { resp_code: BUSINESS_FAILURE_CODE, resp_msg: request.t(refusal.key, refusal.params), datas: null }
      : ok(null, request.t('common.success'));

  /** Runs a binding change in one transaction under the residents' lock; its log entries are written inside it. */
  const change = async (
    request: FastifyRequest,
    work: (tx: Transaction<DB>, me: Principal, at: Date) => Promise<Refusal | null>,
  ) => {
    const me = app.principalOf(request);
    const at = now();
    const refusal = await app.db.transaction().execute(async (tx) => {
      await lockResource(tx, 'residents', me.companyId);
      return work(tx, me, at);
    });
    return answer(request, refusal);
  };

  app.post(
    path(CUSTOMER_PATHS.bind),
    {
      config: write('meterBind'),
      schema: {
        tags,
        summary: 'Bind meters to a resident of the tenant, all or nothing',
        description:
          'A meter bound to anyone already, or a closed resident, answers resp_code 1 naming it; nothing is bound.',
        body: ResidentMeterBind,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    (request) =>
      change(request, async (tx, me, at): Promise<Refusal | null> => {
        const { residentId, meterIds, remark } = request.body;
        const [resident] = await residentsInScope(tx, me, [residentId]);
        if (!resident) throw notFound();
        if (Number(resident.status) === RESIDENT_STATUS_CLOSED)
          return { key: 'resource.resident.closed', params: { code: resident.resident_code } };
        const meters = await metersInScope(tx, me, meterIds);
        const bound = meters.find((m) => m.binding_id !== null);
        if (bound)
          return {
            key: 'resource.residentMeter.bound',
            params: { code: bound.meter_code, resident: bound.resident_code ?? '' },
          };
        await insertBindings(tx, me.companyId, residentId, meterIds, me.userId, at, remark?.trim() || null);
        for (const m of meters)
          await recordRequestOperation(tx, request, me, {
            operation: 'meterBind',
            detail: `meter #${m.id} ${m.meter_code} → resident #${residentId} ${resident.resident_code}`,
            at,
          });
        return null;
      }),
  );

  /** Ends the open bindings of meters (relieve, takeOff), all or nothing: an unbound meter refuses the batch. */
  const unbind = (request: FastifyRequest, meterIds: number[], kind: UnbindKind, operation: Operation) =>
    change(request, async (tx, me, at): Promise<Refusal | null> => {
      const meters = await metersInScope(tx, me, meterIds);
      const free = meters.find((m) => m.binding_id === null);
      if (free) return { key: 'resource.residentMeter.notBound', params: { code: free.meter_code } };
      await endBindings(
        tx,
        me.companyId,
        meters.map((m) => Number(m.binding_id)),
        kind,
        me.userId,
        at,
      );
      for (const m of meters)
        await recordRequestOperation(tx, request, me, {
          operation,
          detail: `meter #${m.id} ${m.meter_code} ← resident #${m.resident_id} ${m.resident_code} (${kind})`,
          at,
        });
      return null;
    });

  app.get(
    path(CUSTOMER_PATHS.relieve),
    {
      config: write('meterRelieve'),
      schema: {
        tags,
        summary: "End a meter's binding (解绑); the history row stays",
        querystring: MeterIdQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    (request) => unbind(request, [request.query.meterId], 'relieve', 'meterRelieve'),
  );

  app.get(
    path(CUSTOMER_PATHS.batchRelieve),
    {
      config: write('meterRelieve'),
      schema: {
        tags,
        summary: 'End the bindings of several meters (ids comma-joined), all or nothing',
        querystring: MeterIdsQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    (request) => {
      const ids = parseIdList(request.query.meterIds);
      if (ids.length > 200) throw badRequest('meterIds');
      return unbind(request, ids, 'relieve', 'meterRelieve');
    },
  );

  app.get(
    path(CUSTOMER_PATHS.takeOff),
    {
      config: write('meterTakeOff'),
      schema: {
        tags,
        summary: "The meter was removed from the premises (拆表): its binding ends with kind 'takeOff'",
        querystring: MeterIdQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    (request) => unbind(request, [request.query.meterId], 'takeOff', 'meterTakeOff'),
  );

  app.get(
    path(CUSTOMER_PATHS.batchClearance),
    {
      config: write('residentClearance'),
      schema: {
        tags,
        summary: "Close residents (销户): every open binding ends with kind 'clearance', status becomes closed",
        querystring: ResidentIdsQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    (request) =>
      change(request, async (tx, me, at): Promise<Refusal | null> => {
        const ids = parseIdList(request.query.residentIds);
        if (ids.length > 200) throw badRequest('residentIds');
        const residents = await residentsInScope(tx, me, ids);
        const open = await openBindingsOf(tx, me.companyId, ids);
        await endBindings(
          tx,
          me.companyId,
          open.map((b) => Number(b.id)),
          'clearance',
          me.userId,
          at,
        );
        await setResidentStatus(tx, me.companyId, ids, RESIDENT_STATUS_CLOSED, at);
        for (const r of residents) {
          const codes = open.filter((b) => Number(b.resident_id) === Number(r.id)).map((b) => b.meter_code);
          await recordRequestOperation(tx, request, me, {
            operation: 'residentClearance',
            detail: `resident #${r.id} ${r.resident_code} meters: ${codes.join(' ') || '-'}`,
            at,
          });
        }
        return null;
      }),
  );

  app.get(
    path(CUSTOMER_PATHS.unbound),
    {
      config: { permission: PERMISSIONS.dataResidentView },
      schema: {
        tags,
        summary: "The tenant's meters bound to nobody (code contains meterCode), in the caller's data scope",
        querystring: UnboundMeterQuery,
        response: { 200: PageResult(UnboundMeter), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const { rows, count } = await unboundMeters(app.db, me.companyId, {
        meterCode: q.meterCode,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
        scope: scopeFilter(METER_SCOPE, me.scope),
      });
      return page(
        rows.map((m) => ({
          id: Number(m.id),
          meterCode: m.meter_code,
          remoteCode: m.remote_code,
          areaId: m.area_id === null ? null : Number(m.area_id),
          address: m.address,
        })),
        count,
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(CUSTOMER_PATHS.history),
    {
      // the meter page's drawer shows a meter's history too (read-only there)
      config: { permission: PERMISSIONS.dataResidentView, alsoPermitted: [PERMISSIONS.deviceMeterView] },
      schema: {
        tags,
        summary: "A resident's or a meter's bindings, oldest first; with neither, the tenant's latest (paged)",
        description: "Bindings of residents outside the caller's data scope are left out.",
        querystring: BindingHistoryQuery,
        response: { 200: Result(Type.Array(Binding)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { residentId, meterId, page: p, limit } = request.query;
      if (residentId !== undefined && meterId !== undefined) throw badRequest('meterId');
      const rows = await app.db.transaction().execute(async (tx) => {
        if (residentId !== undefined) await residentsInScope(tx, me, [residentId]);
        if (meterId !== undefined) await metersInScope(tx, me, [meterId]);
        return bindingHistory(
          tx,
          me.companyId,
          { residentId, meterId },
          { offset: (p - 1) * limit, limit, scope: scopeFilter(RESIDENT_SCOPE, me.scope) },
        );
      });
      return ok(
        rows.map((b) => ({
          id: Number(b.id),
          residentId: Number(b.resident_id),
          residentCode: b.resident_code,
          residentName: b.resident_name,
          meterId: Number(b.meter_id),
          meterCode: b.meter_code,
          boundAt: b.bound_at.toISOString(),
          boundBy: b.bound_by,
          unboundAt: b.unbound_at ? b.unbound_at.toISOString() : null,
          unboundBy: b.unbound_by,
          unbindKind: b.unbind_kind as UnbindKind | null,
          remark: b.remark,
        })),
        request.t('common.success'),
      );
    },
  );
};
