// SQL of the crew a dispatcher assigns to: enabled accounts holding a field-crew role — a role of type 3 (spec §6's
// identity), or a role that grants 'workorder:complete' without dispatching or administering (a tenant's own crew
// role left at the default type) — or on a team's duty that day; not the administrators and dispatchers whose roles
// also carry the permission. With their team, whether
// they are on duty that China day and their open load (orders assigned to them that are pending, processing or
// deferred). Sorted for the dispatcher's pick: on duty first, then the lightest load, then the name.
import { PERMISSIONS } from '@waterops/shared/auth';
import { CREW_ROLE_TYPE, type CrewMember, type WorkOrderStatus } from '@waterops/shared/workorder';
import type { Kysely, Transaction } from 'kysely';
import { type DB, MENU_TYPE } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** What counts as a crew member's load (an order awaiting review is no longer their work). */
export const LOAD_STATUSES: readonly WorkOrderStatus[] = ['pending', 'processing', 'deferred'];

export type CrewFilter = {
  /** the China day of the duty roster */
  day: string;
  /** a team: its members and whoever is on its duty that day */
  departmentId?: number;
};

const byName = new Intl.Collator('zh-CN');

/** Orders the crew for a pick: on duty, then lowest load, then name. */
export const compareCrew = (a: CrewMember, b: CrewMember): number =>
  Number(b.onDuty) - Number(a.onDuty) ||
  a.openLoad - b.openLoad ||
  byName.compare(a.nickname || a.username, b.nickname || b.username) ||
  a.userId - b.userId;

export const crewOf = async (db: Db, companyId: number, f: CrewFilter): Promise<CrewMember[]> => {
  let q = db
    .selectFrom('users as u')
    .leftJoin('departments as d', (j) =>
      j.onRef('d.company_id', '=', 'u.company_id').onRef('d.id', '=', 'u.department_id'),
    )
    .select((eb) => [
      'u.id',
      'u.username',
      'u.nickname',
      'u.mobile',
      'u.department_id',
      'd.name as department_name',
      eb
        .exists(
          eb
            .selectFrom('duty_rosters as r')
            .select(eb.lit(1).as('one'))
            .whereRef('r.company_id', '=', 'u.company_id')
            .whereRef('r.user_id', '=', 'u.id')
            .where('r.day', '=', f.day),
        )
        .as('on_duty'),
      eb
        .selectFrom('work_orders as w')
        .select((w) => w.fn.countAll().as('n'))
        .whereRef('w.company_id', '=', 'u.company_id')
        .whereRef('w.assignee_id', '=', 'u.id')
        .where('w.status', 'in', [...LOAD_STATUSES])
        .as('open_load'),
    ])
    .where('u.company_id', '=', companyId)
    .where('u.enabled', '=', true)
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('user_roles as ur')
            .innerJoin('roles as ro', (j) =>
              j.onRef('ro.company_id', '=', 'ur.company_id').onRef('ro.id', '=', 'ur.role_id'),
            )
            .select(eb.lit(1).as('one'))
            .whereRef('ur.company_id', '=', 'u.company_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where((r) => {
              /** the role grants one of these permission codes */
              const grants = (codes: string[]) =>
                r.exists(
                  r
                    .selectFrom('role_menus as rm')
                    .innerJoin('menus as m', (j) =>
                      j.onRef('m.company_id', '=', 'rm.company_id').onRef('m.id', '=', 'rm.menu_id'),
                    )
                    .select(r.lit(1).as('one'))
                    .whereRef('rm.company_id', '=', 'ur.company_id')
                    .whereRef('rm.role_id', '=', 'ur.role_id')
                    .where('m.type', '=', MENU_TYPE.permission)
                    .where('m.permission', 'in', codes),
                );
              return r.and([
                grants([PERMISSIONS.workOrderComplete]),
                r.or([
                  r('ro.type', '=', CREW_ROLE_TYPE),
                  r.not(grants([PERMISSIONS.workOrderAssign, PERMISSIONS.admin])),
                ]),
              ]);
            }),
        ),
        eb.exists(
          eb
            .selectFrom('duty_rosters as dr')
            .select(eb.lit(1).as('one'))
            .whereRef('dr.company_id', '=', 'u.company_id')
            .whereRef('dr.user_id', '=', 'u.id')
            .where('dr.day', '=', f.day),
        ),
      ]),
    );
  const team = f.departmentId;
  if (team !== undefined)
    q = q.where((eb) =>
      eb.or([
        eb('u.department_id', '=', team),
        eb.exists(
          eb
            .selectFrom('duty_rosters as t')
            .select(eb.lit(1).as('one'))
            .whereRef('t.company_id', '=', 'u.company_id')
            .whereRef('t.user_id', '=', 'u.id')
            .where('t.department_id', '=', team)
            .where('t.day', '=', f.day),
        ),
      ]),
    );
  const rows = await q.execute();
  return rows
    .map(
      (r): CrewMember => ({
        userId: Number(r.id),
        username: r.username,
        nickname: r.nickname,
        mobile: r.mobile,
        departmentId: r.department_id === null ? null : Number(r.department_id),
        departmentName: r.department_name ?? null,
        onDuty: Boolean(r.on_duty),
        openLoad: Number(r.open_load ?? 0),
      }),
    )
    .sort(compareCrew);
};
