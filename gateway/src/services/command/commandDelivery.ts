// How commands reach devices: the ingestion API (a concentrator's or a company's key) takes the pending commands of
// the devices it speaks for and later hands back their answers; a job fails the ones nobody answered in time.
// Each step is one conditional UPDATE, so two gateways (or a retried call) never send or finish a command twice.
import { COMMAND_STATE, DEVICE_KIND, deviceKindName } from '@waterops/shared/command';
import type { CommandResult, PendingCommand } from '@waterops/shared/reading';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { applyCommandEffects, storeReadAnswers } from './commandEffects.ts';

/** Who is asking: a company key (concentratorId null: every device) or one concentrator's key. */
export type DeliveryScope = { companyId: number; concentratorId: number | null };

/** At most this many commands are handed out per call (the rest on the next call). */
const TAKE_LIMIT = 1000;

const scopeSql = (scope: DeliveryScope) =>
  scope.concentratorId === null ? sql`true` : sql`d.concentrator_id = ${scope.concentratorId}`;

type TakenRow = {
  id: string | number;
  device_kind: number;
  device_code: string;
  command: string;
  params: unknown;
  deadline_at: Date;
};

/**
 * Pending commands for the scope's devices, moved created → executing (sent_at = now) in one statement.
 * The answer window starts again at sending: the new deadline is now plus the window the command was created with.
 */
export const takePendingCommands = async (
  db: Kysely<DB>,
  scope: DeliveryScope,
  now: Date,
): Promise<PendingCommand[]> => {
  const { rows } = await sql<TakenRow>`
    update device_commands d
       set state = ${COMMAND_STATE.executing}, sent_at = ${now},
           deadline_at = ${now}::timestamptz + (d.deadline_at - d.created_at)
     where d.company_id = ${scope.companyId}
       and d.id in (select c.id from device_commands c
                     where c.company_id = ${scope.companyId} and c.state = ${COMMAND_STATE.created}
                       and c.deadline_at >= ${now}
                       and ${scope.concentratorId === null ? sql`true` : sql`c.concentrator_id = ${scope.concentratorId}`}
                     order by c.id limit ${TAKE_LIMIT} for update skip locked)
       and d.state = ${COMMAND_STATE.created} and ${scopeSql(scope)}
    returning d.id, d.device_kind, d.device_code, d.command, d.params, d.deadline_at`.execute(db);
  return rows
    .map((r) => ({
      id: Number(r.id),
      deviceKind: deviceKindName(r.device_kind),
      deviceCode: r.device_code,
      command: r.command,
      params: r.params ?? {},
      deadline: new Date(r.deadline_at).toISOString(),
    }))
    .sort((a, b) => a.id - b.id);
};

type FinishedRow = {
  id: string | number;
  device_kind: number;
  device_id: string | number;
  command: string;
  state: number;
  result: unknown;
};

/** Applies device answers (executing → success | failed); ignores unknown / finished / out-of-scope ids; returns how many applied. */
export const applyCommandResults = async (
  db: Kysely<DB>,
  scope: DeliveryScope,
  results: CommandResult[],
  now: Date,
): Promise<number> => {
  if (results.length === 0) return 0;
  const answers = JSON.stringify(
    results.map((r) => ({
      id: r.commandId,
      success: r.success,
      message: r.success ? null : (r.message ?? null),
      result: r.result ?? null,
    })),
  );
  const { applied, succeeded } = await db.transaction().execute(async (tx) => {
    // A late answer (past the deadline) is ignored: the timeout job fails that command, as the rule says.
    const { rows } = await sql<FinishedRow>`
      update device_commands d
         set state = case when v.success then ${sql.lit(COMMAND_STATE.success)} else ${sql.lit(COMMAND_STATE.failed)} end,
             reason = case when v.success then null else 'device' end,
             message = v.message, result = v.result, finished_at = ${now}
        from (select distinct on (x.id) x.* from jsonb_to_recordset(${answers}::jsonb)
                as x(id bigint, success boolean, message text, result jsonb) order by x.id) v
       where d.company_id = ${scope.companyId} and d.id = v.id
         and d.state = ${COMMAND_STATE.executing} and d.deadline_at >= ${now} and ${scopeSql(scope)}
      returning d.id, d.device_kind, d.device_id, d.command, d.state, d.result`.execute(tx);
    const succeeded = rows
      .filter((r) => r.state === COMMAND_STATE.success && r.device_kind === DEVICE_KIND.meter)
      .map((r) => ({ meterId: Number(r.device_id), command: r.command, result: r.result }));
    await applyCommandEffects(tx, scope.companyId, succeeded);
    return { applied: rows.length, succeeded };
  });
  await storeReadAnswers(db, scope.companyId, succeeded);
  return applied;
};

/** Commands past their deadline → failed with reason 'timeout'; returns how many. */
export const expireCommands = async (db: Kysely<DB>, now: Date): Promise<number> => {
  const r = await db
    .updateTable('device_commands')
    .set({ state: COMMAND_STATE.failed, reason: 'timeout', finished_at: now })
    .where('state', 'in', [COMMAND_STATE.created, COMMAND_STATE.executing])
    .where('deadline_at', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
};
