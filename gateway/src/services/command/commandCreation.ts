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
  deviceKindName,
} from '@waterops/shared/command';
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { recordOperation } from '../log/operationLogRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import { findTargets, insertCommands, type NewCommand } from './commandRepository.ts';
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
  operation: Operation;
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
    await recordOperation(tx, {
      companyId: c.me.companyId,
      userId: c.me.userId,
      username: c.me.username,
      operation: c.operation,
      detail: `${c.command} ${kindName} ×${rows.length}${cancelled ? ` (cancelled ${cancelled})` : ''}: ${rows
        .map((r) => r.deviceCode)
        .join(' ')}`,
      ip: c.request.ip,
      at: c.now,
    });
    return inserted;
  });

  const commands: CreatedCommand[] = decisions.map(({ target, decision }, i) => ({
    id: commandIds[i] as number,
    deviceId: target.id,
    deviceCode: target.code,
    command: c.command,
    state: decision.outcome === 'cancelled' ? 'cancelled' : 'created',
    reason: decision.outcome === 'cancelled' ? decision.reason : null,
    message: decision.outcome === 'cancelled' ? c.request.t(decision.messageKey) : null,
  }));
  return { batchId, commands };
};
