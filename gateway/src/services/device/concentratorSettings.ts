// The stored settings routes of devices (concentrator params / server address / report rate, collector ip address /
// upload frequency) share two steps: read one device of the tenant inside the caller's data scope (404 otherwise),
// and change some of its columns with an operation-log entry in the same transaction. Sending the settings to the
// device itself is issue 5's command channel; here they are only stored.
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { type DbRow, findRow } from '../resource/resourceRepository.ts';
import { rowInScope, type ScopeSpec, scopeFilter } from '../resource/resourceScope.ts';
import { updateDeviceSettings } from './concentratorRepository.ts';

export type DeviceTable = 'concentrators' | 'collectors';

/** Both device tables place a row by its residential area. */
export const DEVICE_SCOPE: ScopeSpec = { areaColumn: 'area_id', field: 'areaId' };

/** One device of the tenant inside the principal's data scope; 404 for a missing, foreign or out-of-scope id. */
export const deviceInScope = async (
  db: Kysely<DB> | Transaction<DB>,
  table: DeviceTable,
  columns: readonly string[],
  me: Principal,
  id: number,
): Promise<DbRow> => {
  const row = await findRow(db, table, columns, me.companyId, id);
  if (!row || !(await rowInScope(db, table, me.companyId, id, scopeFilter(DEVICE_SCOPE, me.scope)))) throw notFound();
  return row;
};

/** Changes stored settings of one device and logs them (`detail` names the values, never a secret). */
export const changeDeviceSettings = async (
  app: TypedApp,
  request: FastifyRequest,
  at: Date,
  change: {
    table: DeviceTable;
    id: number;
    values: Record<string, unknown>;
    operation: Operation;
    /** the row's code column, named in the log */
    codeColumn: string;
    detail: string;
  },
): Promise<void> => {
  const me = app.principalOf(request);
  await app.db.transaction().execute(async (tx) => {
    const row = await deviceInScope(tx, change.table, ['id', change.codeColumn], me, change.id);
    await updateDeviceSettings(tx, change.table, me.companyId, change.id, change.values, at);
    await recordRequestOperation(tx, request, me, {
      operation: change.operation,
      detail: `${change.table === 'concentrators' ? 'concentrator' : 'collector'} #${change.id} ${String(row[change.codeColumn])} ${change.detail}`,
      at,
    });
  });
};
