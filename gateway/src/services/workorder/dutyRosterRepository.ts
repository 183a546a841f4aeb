// SQL of the duty roster: who of a team (department) is on duty on a China day. A day of a team is replaced whole;
// reads leave out accounts deleted since. Bounded by company_id throughout.
import type { RosterDay } from '@waterops/shared/workorder';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The tenant's department of that id, or undefined. */
export const findDepartment = (db: Db, companyId: number, id: number) =>
  db
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst();

/** The tenant's accounts among these ids, with whether each is enabled. */
export const tenantUsers = (db: Db, companyId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('users')
        .select(['id', 'username', 'nickname', 'enabled'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [...ids])
        .execute();

/** The roster of [from, to] (China days), one entry per day and team that has someone on duty, in order. */
export const rosterBetween = async (
  db: Db,
  companyId: number,
  from: string,
  to: string,
  departmentId?: number,
): Promise<RosterDay[]> => {
  let q = db
    .selectFrom('duty_rosters as r')
    .innerJoin('users as u', (j) => j.onRef('u.company_id', '=', 'r.company_id').onRef('u.id', '=', 'r.user_id'))
    .select([sql<string>`r.day::text`.as('day'), 'r.department_id', 'r.user_id'])
    .where('r.company_id', '=', companyId)
    .where('r.day', '>=', from)
    .where('r.day', '<=', to);
  if (departmentId !== undefined) q = q.where('r.department_id', '=', departmentId);
  const rows = await q.orderBy('r.day').orderBy('r.department_id').orderBy('r.user_id').execute();
  const out: RosterDay[] = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    const departmentId = Number(r.department_id);
    if (last && last.day === r.day && last.departmentId === departmentId) last.userIds.push(Number(r.user_id));
    else out.push({ day: r.day, departmentId, userIds: [Number(r.user_id)] });
  }
  return out;
};

/** Replaces who of the team is on duty that day. */
export const replaceRosterDay = async (
  tx: Transaction<DB>,
  companyId: number,
  day: string,
  departmentId: number,
  userIds: readonly number[],
): Promise<void> => {
  await tx
    .deleteFrom('duty_rosters')
    .where('company_id', '=', companyId)
    .where('day', '=', day)
    .where('department_id', '=', departmentId)
    .execute();
  if (userIds.length === 0) return;
  await tx
    .insertInto('duty_rosters')
    .values(userIds.map((userId) => ({ company_id: companyId, day, department_id: departmentId, user_id: userId })))
    .execute();
};
