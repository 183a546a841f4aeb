// /api-workbench device blacklists (spec §7): one repository, three mounts — datapush/blacklist (ingestion refuses
// the device's data), datasync/blacklist (readings kept, the meter left out of the month-end freeze) and
// devicecommand/filter (valve commands intercepted). Each has list / save / delete. A device is named by its code and
// resolved to the tenant's device of that kind inside the caller's data scope; the list is scoped by the device's area.
import { Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  IdParams,
  ok,
  PageQuery,
  PageResult,
  page,
  Result,
} from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  BLACKLIST_KIND,
  type BlacklistDeviceKind,
  BlacklistEntry,
  BlacklistFilters,
  type BlacklistKind,
  BlacklistSave,
  blacklistPaths,
  UNKNOWN_DEVICE_MESSAGE,
  validateBlacklist,
} from '@waterops/shared/blacklist';
import type { FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  addToBlacklist,
  type BlacklistRow,
  findBlacklistEntry,
  listBlacklist,
  removeFromBlacklist,
  resolveDevice,
  updateBlacklistReason,
} from './blacklistRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const LIST_NAMES: Record<BlacklistKind, string> = { 1: 'data push', 2: 'reading sync', 3: 'command filter' };

const toEntry = (r: BlacklistRow): BlacklistEntry => ({
  id: Number(r.id),
  listKind: Number(r.list_kind),
  deviceKind: Number(r.device_kind),
  deviceId: Number(r.device_id),
  deviceCode: r.device_code,
  areaName: r.area_name ?? null,
  reason: r.reason ?? null,
  createdBy: r.created_by_name ?? null,
  createTime: new Date(r.created_at).toISOString(),
});

const describe = (listKind: BlacklistKind, r: { device_kind: number; device_code: string }) =>
  `${LIST_NAMES[listKind]} blacklist: device kind ${r.device_kind} ${r.device_code}`;

export const blacklistRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const read = { permission: PERMISSIONS.deviceBlacklistView };
  const write = { permission: PERMISSIONS.deviceBlacklistEdit };

  /** An entry's reason changed (its device stays); 404 when it is not on this list of the tenant in the scope. */
  const changeReason = async (request: FastifyRequest, listKind: BlacklistKind, id: number, reason?: string | null) => {
    const me = app.principalOf(request);
    const at = now();
    return app.db.transaction().execute(async (tx) => {
      const entry = await findBlacklistEntry(tx, me.companyId, listKind, id, scopeFilter(DEVICE_SCOPE, me.scope));
      if (!entry) throw notFound();
      await updateBlacklistReason(tx, me.companyId, id, reason?.trim() || null);
      await recordRequestOperation(tx, request, me, {
        operation: 'blacklistUpdate',
        detail: `blacklist #${id} ${describe(listKind, entry)}`,
        at,
      });
      return (await findBlacklistEntry(tx, me.companyId, listKind, id, null)) as BlacklistRow;
    });
  };

  for (const listKind of Object.values(BLACKLIST_KIND)) {
    const paths = blacklistPaths(listKind);
    const tags = [`blacklist (${LIST_NAMES[listKind]})`];

    app.get(
      path(paths.list),
      {
        config: read,
        schema: {
          tags,
          summary: `One page of the ${LIST_NAMES[listKind]} blacklist, newest first (deviceKind, deviceCode contains)`,
          querystring: Type.Composite([PageQuery, BlacklistFilters]),
          response: { 200: PageResult(BlacklistEntry), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const q = request.query;
        const { rows, count } = await listBlacklist(
          app.db,
          me.companyId,
          listKind,
          { deviceKind: q.deviceKind, deviceCode: q.deviceCode, offset: (q.page - 1) * q.limit, limit: q.limit },
          scopeFilter(DEVICE_SCOPE, me.scope),
        );
        return page(rows.map(toEntry), count, request.t('common.success'));
      },
    );

    app.post(
      path(paths.save),
      {
        config: { ...write, operation: 'blacklistAdd' },
        schema: {
          tags,
          summary: `Put a device (by kind and code) on the ${LIST_NAMES[listKind]} blacklist, or (id) change an entry's reason`,
          description:
            'An unknown code answers 400 on deviceCode; a device already on the list answers HTTP 200 with resp_code 1 and the message. With id only the reason changes (404 for an entry not on this list).',
          body: BlacklistSave,
          response: { 200: Result(Type.Union([BlacklistEntry, Type.Null()])), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const body = request.body;
        if (body.id !== undefined)
          return ok(toEntry(await changeReason(request, listKind, body.id, body.reason)), request.t('common.success'));
        const violation = validateBlacklist(body)[0];
        if (violation) throw new AppError(400, violation.message, violation.field);
        const code = body.deviceCode.trim();
        const deviceKind = body.deviceKind as BlacklistDeviceKind;
        const predicates = scopeFilter(DEVICE_SCOPE, me.scope);
        const at = now();
        const saved = await app.db.transaction().execute(async (tx) => {
          const device = await resolveDevice(tx, me.companyId, deviceKind, code, predicates);
          if (!device) throw new AppError(400, UNKNOWN_DEVICE_MESSAGE[deviceKind], 'deviceCode', { code });
          const id = await addToBlacklist(tx, {
            companyId: me.companyId,
            listKind,
            deviceKind,
            deviceId: device.id,
            deviceCode: device.code,
            reason: body.reason?.trim() || null,
            createdBy: me.userId,
            at,
          });
          if (id === undefined) return undefined;
          await recordRequestOperation(tx, request, me, {
            operation: 'blacklistAdd',
            detail: `blacklist #${id} ${describe(listKind, { device_kind: deviceKind, device_code: device.code })}`,
            at,
          });
          return findBlacklistEntry(tx, me.companyId, listKind, id, null);
        });
        if (!saved)
          return {
            resp_code: BUSINESS_FAILURE_CODE,
            resp_msg: request.t('resource.blacklist.exists', { code }),
            datas: null,
          };
        return ok(toEntry(saved), request.t('common.success'));
      },
    );

    app.post(
      path(paths.delete),
      {
        config: { ...write, operation: 'blacklistRemove' },
        schema: {
          tags,
          summary: `Take an entry off the ${LIST_NAMES[listKind]} blacklist`,
          body: IdParams,
          response: { 200: Result(Type.Null()), ...errors },
        },
      },
      async (request) => {
        const me = app.principalOf(request);
        const { id } = request.body;
        const at = now();
        await app.db.transaction().execute(async (tx) => {
          const entry = await findBlacklistEntry(tx, me.companyId, listKind, id, scopeFilter(DEVICE_SCOPE, me.scope));
          if (!entry) throw notFound();
          await removeFromBlacklist(tx, me.companyId, id);
          await recordRequestOperation(tx, request, me, {
            operation: 'blacklistRemove',
            detail: `blacklist #${id} ${describe(listKind, entry)}`,
            at,
          });
        });
        return ok(null, request.t('common.success'));
      },
    );
  }
};
