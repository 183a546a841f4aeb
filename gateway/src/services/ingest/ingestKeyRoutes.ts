// /api-workbench/ingest/keys: ingestion keys as users manage them (page 接入密钥). A new key — for the company or for
// one concentrator of the tenant (inside the caller's data scope) — is answered in clear once and stored only as its
// hash (ingestKeyRepository.ts); it never reaches the operation log. Keys can be disabled, enabled and deleted.
import { Type } from '@sinclair/typebox';
import { ErrorBody, IdParams, ok, PageQuery, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  IngestKey,
  IngestKeyCreated,
  IngestKeyEnabled,
  IngestKeyFilters,
  IngestKeySave,
  validateIngestKey,
} from '@waterops/shared/deviceStatus';
import { INGEST_PATHS } from '@waterops/shared/reading';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { tenantRowExists } from '../device/concentratorRepository.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { rowInScope, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  deleteIngestKey,
  findIngestKey,
  type IngestKeyRow,
  listIngestKeys,
  setIngestKeyEnabled,
} from './ingestKeyAdminRepository.ts';
import { createIngestKey, KEY_PREFIX_LENGTH } from './ingestKeyRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['ingest keys'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toKey = (r: IngestKeyRow): IngestKey => ({
  id: Number(r.id),
  name: r.name,
  keyPrefix: r.key_prefix,
  concentratorId: r.concentrator_id === null ? null : Number(r.concentrator_id),
  concentratorCode: r.concentrator_code ?? null,
  enabled: r.enabled === true,
  createdBy: r.created_by_name ?? null,
  createTime: iso(r.created_at) as string,
  lastUsedTime: iso(r.last_used_at),
});

/** What the log says of a key: its name, prefix and reach — never the key. */
const describe = (r: { id: number; name: string; key_prefix: string; concentrator_code?: string | null }) =>
  `ingest key #${r.id} ${r.name} (${r.key_prefix}…, ${r.concentrator_code ? `concentrator ${r.concentrator_code}` : 'company'})`;

export const ingestKeyRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const read = { permission: PERMISSIONS.deviceIngestKeyView };
  const write = { permission: PERMISSIONS.deviceIngestKeyEdit };

  app.get(
    path(INGEST_PATHS.keys),
    {
      config: read,
      schema: {
        tags,
        summary: "One page of the tenant's ingestion keys, newest first (name contains, enabled); never the keys",
        querystring: Type.Composite([PageQuery, IngestKeyFilters]),
        response: { 200: PageResult(IngestKey), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const { rows, count } = await listIngestKeys(app.db, me.companyId, {
        name: q.name,
        enabled: q.enabled,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return page(rows.map(toKey), count, request.t('common.success'));
    },
  );

  app.post(
    path(INGEST_PATHS.keySave),
    {
      config: { ...write, operation: 'ingestKeyCreate' },
      schema: {
        tags,
        summary: 'Create a key for the company (no concentratorId) or one concentrator; the key is answered this once',
        body: IngestKeySave,
        response: { 200: Result(IngestKeyCreated), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      const violation = validateIngestKey(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const name = body.name.trim();
      const concentratorId = body.concentratorId ?? null;
      const at = now();
      const created = await app.db.transaction().execute(async (tx) => {
        if (concentratorId !== null) {
          const known =
            (await tenantRowExists(tx, me.companyId, 'concentrators', concentratorId)) &&
            (await rowInScope(tx, 'concentrators', me.companyId, concentratorId, scopeFilter(DEVICE_SCOPE, me.scope)));
          if (!known) throw new AppError(400, 'resource.ingestKey.unknownConcentrator', 'concentratorId');
        }
        const { id, key } = await createIngestKey(tx, {
          companyId: me.companyId,
          name,
          concentratorId,
          createdBy: me.userId,
        });
        const row = (await findIngestKey(tx, me.companyId, id)) as IngestKeyRow;
        await recordRequestOperation(tx, request, me, {
          operation: 'ingestKeyCreate',
          detail: describe(row),
          at,
        });
        return { id, key };
      });
      return ok(
        { id: created.id, key: created.key, keyPrefix: created.key.slice(0, KEY_PREFIX_LENGTH) },
        request.t('common.success'),
      );
    },
  );

  app.post(
    path(INGEST_PATHS.keyEnabled),
    {
      config: { ...write, operation: 'ingestKeyEnable' },
      schema: {
        tags,
        summary:
          'Enable or disable a key (a disabled key is refused with 401 within seconds: key look-ups are cached 5 s)',
        body: IngestKeyEnabled,
        response: { 200: Result(IngestKey), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id, enabled } = request.body;
      const at = now();
      const row = await app.db.transaction().execute(async (tx) => {
        const existing = await findIngestKey(tx, me.companyId, id);
        if (!existing) throw notFound();
        await setIngestKeyEnabled(tx, me.companyId, id, enabled);
        await recordRequestOperation(tx, request, me, {
          operation: 'ingestKeyEnable',
          detail: `${describe(existing)} ${enabled ? 'enabled' : 'disabled'}`,
          at,
        });
        return (await findIngestKey(tx, me.companyId, id)) as IngestKeyRow;
      });
      return ok(toKey(row), request.t('common.success'));
    },
  );

  app.post(
    path(INGEST_PATHS.keyDelete),
    {
      config: { ...write, operation: 'ingestKeyDelete' },
      schema: { tags, summary: 'Delete a key', body: IdParams, response: { 200: Result(Type.Null()), ...errors } },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.body;
      const at = now();
      await app.db.transaction().execute(async (tx) => {
        const existing = await findIngestKey(tx, me.companyId, id);
        if (!existing) throw notFound();
        await deleteIngestKey(tx, me.companyId, id);
        await recordRequestOperation(tx, request, me, {
          operation: 'ingestKeyDelete',
          detail: describe(existing),
          at,
        });
      });
      return ok(null, request.t('common.success'));
    },
  );
};
