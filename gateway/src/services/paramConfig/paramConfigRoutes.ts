// /api-business/paramconfig (spec §7): read a value by group and code (getCode), a whole group (getByKeyType), every
// entry (list, for the page); write a batch all-or-nothing (batchSaveAndBatchUpdate: rows with id update, rows
// without create; spec §5 "at least one value set to save"); enable or disable one (setEnabled / getEnabled);
// DELETE /paramconfig/:id. Every change is logged; another tenant's id answers 404. A change to a work-order deadline
// row (workorder.deadline / calendar / escalation) moves the open orders' due times, as the settings page does.
import { type Static, Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, IdParams, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  CATALOGUE_PATHS,
  ParamCodeQuery,
  ParamConfig,
  ParamConfigBatch,
  type ParamConfigSave,
  ParamKeyTypeQuery,
  ParamSetEnabledQuery,
  paramNameIn,
  validateParamBatch,
} from '@waterops/shared/catalogue';
import type { Locale } from '@waterops/shared/i18n';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { afterParamChange, announceWorkOrders } from '../workorder/workOrderService.ts';
import {
  deleteParam,
  findParam,
  findParamByCode,
  insertParam,
  listParams,
  paramCodeTaken,
  setParamEnabled,
  updateParam,
} from './paramConfigRepository.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['paramconfig'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const read = { permission: PERMISSIONS.sysParamView };

/** WaterOps' own entries read in the request's language while they keep one of their names (paramLabels.ts). */
const named = (rows: ParamConfig[], locale: Locale): ParamConfig[] =>
  rows.map((r) => ({ ...r, name: paramNameIn(r.keyType, r.code, r.name, locale) }));

/** A code taken twice: inside the batch itself or by another entry of the tenant. */
class CodeTaken extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

export const paramConfigRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(CATALOGUE_PATHS.params),
    {
      config: read,
      schema: {
        tags,
        summary: 'Every parameter of the tenant, by group and order',
        response: { 200: Result(Type.Array(ParamConfig)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(named(await listParams(app.db, me.companyId), request.locale), request.t('common.success'));
    },
  );

  app.get(
    path(CATALOGUE_PATHS.paramsByKeyType),
    {
      config: read,
      schema: {
        tags,
        summary: "A group's parameters in order (no keyType: every group's)",
        querystring: ParamKeyTypeQuery,
        response: { 200: Result(Type.Array(ParamConfig)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { keyType } = request.query as Static<typeof ParamKeyTypeQuery>;
      return ok(
        named(await listParams(app.db, me.companyId, keyType?.trim()), request.locale),
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(CATALOGUE_PATHS.paramByCode),
    {
      config: read,
      schema: {
        tags,
        summary: 'One parameter by group and code (datas: null when there is none)',
        querystring: ParamCodeQuery,
        response: { 200: Result(Type.Union([ParamConfig, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { keyType, code } = request.query as Static<typeof ParamCodeQuery>;
      return ok(await findParamByCode(app.db, me.companyId, keyType.trim(), code.trim()), request.t('common.success'));
    },
  );

  app.get(
    path(CATALOGUE_PATHS.paramGetEnabled),
    {
      config: read,
      schema: {
        tags,
        summary: 'Whether a parameter is enabled (false when there is none)',
        querystring: ParamCodeQuery,
        response: { 200: Result(Type.Boolean()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { keyType, code } = request.query as Static<typeof ParamCodeQuery>;
      const found = await findParamByCode(app.db, me.companyId, keyType.trim(), code.trim());
      return ok(found?.enabled ?? false, request.t('common.success'));
    },
  );

  app.post(
    path(CATALOGUE_PATHS.paramBatchSave),
    {
      config: { permission: PERMISSIONS.sysParamEdit, operation: 'paramConfigSave' },
      schema: {
        tags,
        summary: 'Create (no id) and update (id) parameters, all or nothing',
        description: 'A group + code another entry holds answers HTTP 200 with resp_code 1 and the message.',
        body: ParamConfigBatch,
        response: { 200: Result(Type.Array(ParamConfig)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const rows = request.body as ParamConfigSave[];
      const violation = validateParamBatch(rows)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      // open work orders whose due times a deadline row moved
      let moved = 0;
      try {
        const saved = await app.db.transaction().execute(async (tx) => {
          const seen = new Set<string>();
          const ids: number[] = [];
          for (const row of rows) {
            const keyType = row.keyType.trim();
            const code = row.code.trim();
            const key = `${keyType}\u0000${code}`;
            if (seen.has(key)) throw new CodeTaken(code);
            seen.add(key);
            if (row.id !== undefined && !(await findParam(tx, me.companyId, row.id))) throw notFound();
            if (await paramCodeTaken(tx, me.companyId, keyType, code, row.id)) throw new CodeTaken(code);
            if (row.id === undefined) ids.push(await insertParam(tx, me.companyId, row, at));
            else {
              await updateParam(tx, me.companyId, row.id, row, at);
              ids.push(row.id);
            }
          }
          const detail = rows.map((r) => `${r.keyType.trim()}.${r.code.trim()}=${r.value?.trim() ?? ''}`).join(', ');
          await recordRequestOperation(tx, request, me, { operation: 'paramConfigSave', detail, at });
          moved = await afterParamChange(
            tx,
            me.companyId,
            rows.map((r) => r.keyType.trim()),
            at,
          );
          return Promise.all(ids.map(async (id) => (await findParam(tx, me.companyId, id)) as ParamConfig));
        });
        if (moved > 0) announceWorkOrders(app, me.companyId);
        return ok(saved, request.t('common.success'));
      } catch (e) {
        // a race past the check meets the unique constraint: the same answer
        const err = e as { code?: string; constraint?: string };
        if (e instanceof CodeTaken || (err.code === '23505' && err.constraint === 'param_configs_code_uq'))
          return {
            resp_code: BUSINESS_FAILURE_CODE,
            resp_msg: request.t('resource.paramCode.exists', { code: e instanceof CodeTaken ? e.code : '' }),
            datas: null,
          };
        throw e;
      }
    },
  );

  app.get(
    path(CATALOGUE_PATHS.paramSetEnabled),
    {
      config: { permission: PERMISSIONS.sysParamEdit, operation: 'paramConfigEnable' },
      schema: {
        tags,
        summary: 'Enable or disable a parameter of the tenant',
        querystring: ParamSetEnabledQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id, enabled } = request.query as Static<typeof ParamSetEnabledQuery>;
      const at = now();
      const moved = await app.db.transaction().execute(async (tx) => {
        const found = await findParam(tx, me.companyId, id);
        if (!found || (await setParamEnabled(tx, me.companyId, id, enabled, at)) === 0) throw notFound();
        await recordRequestOperation(tx, request, me, {
          operation: 'paramConfigEnable',
          detail: `${found.keyType}.${found.code} enabled=${enabled}`,
          at,
        });
        return afterParamChange(tx, me.companyId, [found.keyType], at);
      });
      if (moved > 0) announceWorkOrders(app, me.companyId);
      return ok(null, request.t('common.success'));
    },
  );

  app.delete(
    `${path(CATALOGUE_PATHS.paramDelete)}/:id`,
    {
      config: { permission: PERMISSIONS.sysParamEdit, operation: 'paramConfigDelete' },
      schema: {
        tags,
        summary: 'Delete a parameter of the tenant',
        params: IdParams,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params as Static<typeof IdParams>;
      const at = now();
      const moved = await app.db.transaction().execute(async (tx) => {
        const found = await findParam(tx, me.companyId, id);
        if (!found || (await deleteParam(tx, me.companyId, id)) === 0) throw notFound();
        await recordRequestOperation(tx, request, me, {
          operation: 'paramConfigDelete',
          detail: `${found.keyType}.${found.code}`,
          at,
        });
        return afterParamChange(tx, me.companyId, [found.keyType], at);
      });
      if (moved > 0) announceWorkOrders(app, me.companyId);
      return ok(null, request.t('common.success'));
    },
  );
};
