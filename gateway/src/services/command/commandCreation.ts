// Creating commands, for the valve, read-now and device command routes and for the settings routes that send what
// they stored: load the devices (404 when one is missing, foreign or outside the data scope), decide each one's
// fate by the rules (a refusal answers 400 for the whole request, nothing written), store them as created or
// cancelled with one operation-log entry, and answer each command's state in the request language.
import { randomUUID } from 'node:crypto';
import {
  COMMAND_STATE,
  type CommandBatch,
  type CommandName,
  type CreatedCommand,
  DEVICE_KIND,
  deviceKindName,
} from '@waterops/shared/command';
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import { findTargets, insertCommands, meterCodesUnder, type NewCommand, storedSettings } from './commandRepository.ts';
import { commandDeadline, decideCreation } from './commandRules.ts';

export type CreateCommands = {
  db: Kysely<DB>;
  request: FastifyRequest;
  me: Principal;
  now: Date;
  timeoutSeconds: number;
  /** DEVICE_KIND */
  kind: number;
  ids: readonly number[];
  command: CommandName;
  /** the parameters each device's command carries */
  params: (deviceId: number) => unknown | Promise<unknown>;
  /** the operation-log entry of the request; null when the caller logs the change it sends itself */
  operation: Operation | null;
};

export const createCommands = async (c: CreateCommands): Promise<CommandBatch> => {
  const ids = [...new Set(c.ids)];
  const scope = scopeFilter(DEVICE_SCOPE, c.me.scope);
  const targets = await findTargets(c.db, c.me.companyId, c.kind, ids, scope);
  if (targets.length !== ids.length) throw notFound();
  const byId = new Map(targets.map((t) => [t.id, t]));
  const ordered = ids.map((id) => byId.get(id)).filter((t) => t !== undefined);

  const kindName = deviceKindName(c.kind);
  const decisions = ordered.map((t) => ({ target: t, decision: decideCreation(c.command, { ...t, kind: kindName }) }));
  const refused = decisions.find((d) => d.decision.outcome === 'refused');
  if (refused && refused.decision.outcome === 'refused')
    throw new AppError(400, refused.decision.messageKey, 'meterIds', refused.decision.params);

  const batchId = randomUUID();
  const deadlineAt = commandDeadline(c.now, c.timeoutSeconds);
  const rows: NewCommand[] = [];
  for (const { target, decision } of decisions)
    rows.push({
      companyId: c.me.companyId,
      deviceKind: c.kind,
      deviceId: target.id,
      deviceCode: target.code,
      concentratorId: target.concentratorId,
      command: c.command,
      params: await c.params(target.id),
      state: decision.outcome === 'cancelled' ? COMMAND_STATE.cancelled : COMMAND_STATE.created,
      reason: decision.outcome === 'cancelled' ? decision.reason : null,
      batchId,
      createdBy: c.me.userId,
      createdAt: c.now,
      deadlineAt,
    });

  const commandIds = await c.db.transaction().execute(async (tx) => {
    const inserted = await insertCommands(tx, rows);
    const cancelled = rows.filter((r) => r.state === COMMAND_STATE.cancelled).length;
    if (c.operation)
      await recordRequestOperation(tx, c.request, c.me, {
        operation: c.operation,
        detail: `${c.command} ${kindName} ×${rows.length}${cancelled ? ` (cancelled ${cancelled})` : ''}: ${rows
          .map((r) => r.deviceCode)
          .join(' ')}`,
        at: c.now,
      });
    return inserted;
  });

  const commands: CreatedCommand[] = decisions.map(({ target, decision }, i) => ({
    id: commandIds[i] as number,
    deviceId: target.id,
    deviceCode: target.code,
    ...(c.kind === DEVICE_KIND.meter ? { meterId: target.id, meterCode: target.code } : {}),
    command: c.command,
    state: decision.outcome === 'cancelled' ? 'cancelled' : 'created',
    reason: decision.outcome === 'cancelled' ? decision.reason : null,
    message: decision.outcome === 'cancelled' ? c.request.t(decision.messageKey) : null,
  }));
  return { batchId, commands };
};

/** Which stored settings each device command carries. */
const SETTINGS: Partial<Record<CommandName, string[]>> = {
  params: ['ip', 'port', 'reportRate', 'simCard'],
  serverIpPort: ['ip', 'port'],
  reportRate: ['reportRate'],
  ipAddress: ['ip', 'port'],
  uploadFrequency: ['uploadFrequency'],
};

/** The parameters a device command carries: what is stored for the device, overridden by what the request names. */
export const deviceParams =
  (db: Kysely<DB>, companyId: number, kind: number, command: CommandName, given: Record<string, unknown>, now: Date) =>
  async (id: number): Promise<unknown> => {
    if (command === 'clock') return { time: now.toISOString(), ...given };
    if (command === 'archives') return { meterCodes: await meterCodesUnder(db, companyId, kind, id), ...given };
    const stored = await storedSettings(db, companyId, kind, id);
    return { ...Object.fromEntries((SETTINGS[command] ?? []).map((k) => [k, stored[k] ?? null])), ...given };
  };

/**
 * After a settings route stored a device's settings, the command that sends them (created, or cancelled when the
 * device cannot be reached: the settings stay stored and go with the next command).
 */
export const sendStoredSettings = (
  app: TypedApp,
  request: FastifyRequest,
  at: Date,
  timeoutSeconds: number,
  device: { kind: number; id: number; command: CommandName },
): Promise<CommandBatch> => {
  const me = app.principalOf(request);
  return createCommands({
    db: app.db,
    request,
    me,
    now: at,
    timeoutSeconds,
    kind: device.kind,
    ids: [device.id],
    command: device.command,
    params: deviceParams(app.db, me.companyId, device.kind, device.command, {}, at),
    // the settings route has logged the change this command sends
    operation: null,
  });
};
