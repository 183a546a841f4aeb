// The demo's work-order people (issue 15): a dispatcher, a customer-service agent and six crew members in three teams,
// and their duty roster — a rotation in which everyone works on working days, two repairers stay on call over each
// weekend or holiday stretch (one from each repair team, alternating by week) and take the next working day off.
// The rotation is a pure function, so the seed, the operations simulator's weekly top-up and the work-order history
// all agree on who was on duty when.
import { addDays, chinaDay } from '@waterops/shared/reading';
import { isWorkingDay, type WorkCalendar } from '@waterops/shared/workorder';
import { sql, type Transaction } from 'kysely';
import { replaceRosterDay } from '../../services/workorder/dutyRosterRepository.ts';
import type { DB } from '../tables.ts';
import { CREW_ROLE_CODE, DISPATCHER_ROLE_CODE, SERVICE_ROLE_CODE, type UserSeed } from './createTenant.ts';

/** Account types (users.account_type): 2 operator, 4 maintenance. */
const OPERATOR_ACCOUNT = 2;
const MAINTENANCE_ACCOUNT = 4;

/** The crew's teams, in roster order: two repair teams and the meter team. */
export const DEMO_TEAMS = {
  repair1: '维修一班',
  repair2: '维修二班',
  meters: '表务班',
} as const;
export type DemoTeam = keyof typeof DEMO_TEAMS;

export type DemoPerson = UserSeed & {
  /** the department the account belongs to (a name of demoPlaces' departments) */
  department: string;
  accountType: number;
  /** crew only: the team and the place in it (0, 1) that the rotation reads */
  team?: DemoTeam;
  slot?: 0 | 1;
};

export const DEMO_DISPATCHER = { username: 'dispatcher', password: 'dispatcher123' } as const;
export const DEMO_SERVICE = { username: 'service', password: 'service123' } as const;
export const DEMO_CREW_PASSWORD = 'crew123';

const crew = (n: number, nickname: string, mobile: string, team: DemoTeam, slot: 0 | 1): DemoPerson => ({
  username: `crew${n}`,
  password: DEMO_CREW_PASSWORD,
  nickname,
  mobile,
  roles: [CREW_ROLE_CODE],
  department: DEMO_TEAMS[team],
  accountType: MAINTENANCE_ACCOUNT,
  team,
  slot,
});

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    ...DEMO_DISPATCHER,
    nickname: '陈立新',
    mobile: '13811020345',
    roles: [DISPATCHER_ROLE_CODE],
    department: '管网运维部',
    accountType: OPERATOR_ACCOUNT,
  },
  {
    ...DEMO_SERVICE,
    nickname: '林晓雯',
    mobile: '13910457721',
    roles: [SERVICE_ROLE_CODE],
    department: '客户服务中心',
    accountType: OPERATOR_ACCOUNT,
  },
  crew(1, '王建军', '13601128836', 'repair1', 0),
  crew(2, '李国栋', '13701267549', 'repair1', 1),
  crew(3, '赵海涛', '13501093362', 'repair2', 0),
  crew(4, '孙志强', '13810276614', 'repair2', 1),
  crew(5, '周明', '13911358207', 'meters', 0),
  crew(6, '吴春燕', '13681149953', 'meters', 1),
];

export const DEMO_CREW: readonly DemoPerson[] = DEMO_PEOPLE.filter((p) => p.team !== undefined);

/** The Monday-based week a China day falls in (a number that grows by one a week). */
const weekOf = (day: string): number => Math.floor((Date.parse(`${day}T00:00:00Z`) / 86_400_000 + 3) / 7);

/** The two repairers on call over the non-working days of a week: one of each repair team, alternating. */
const onCallOf = (week: number): readonly string[] => {
  const slot = week % 2 === 0 ? 0 : 1;
  return DEMO_CREW.filter(
    (p) => (p.team === 'repair1' && p.slot === slot) || (p.team === 'repair2' && p.slot !== slot),
  ).map((p) => p.username);
};

/**
 * Whether a crew member is on duty that China day: on a non-working day only the week's two on-call repairers; on
 * a working day everyone but those who were on call over the non-working days just before it (their day off).
 */
export const demoOnDuty = (username: string, day: string, cal: WorkCalendar): boolean => {
  if (!isWorkingDay(cal, day)) return onCallOf(weekOf(day)).includes(username);
  const before = addDays(day, -1);
  if (!isWorkingDay(cal, before)) return !onCallOf(weekOf(before)).includes(username);
  return true;
};

/** The days from the Monday of `from`'s week to the Sunday of the week after `to`'s (China days). */
export const rosterDays = (from: Date, to: Date): string[] => {
  const mondayOf = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
  const first = mondayOf(chinaDay(from));
  const last = addDays(mondayOf(chinaDay(to)), 13);
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d)) days.push(d);
  return days;
};

/** Who of a team is on duty that day, as the roster stores it (user ids by user name). */
export const dutyOfTeam = (
  team: DemoTeam,
  day: string,
  cal: WorkCalendar,
  ids: Readonly<Record<string, number>>,
): number[] =>
  DEMO_CREW.filter((p) => p.team === team && demoOnDuty(p.username, day, cal)).flatMap((p) => {
    const id = ids[p.username];
    return id === undefined ? [] : [id];
  });

/** Puts the demo people in their departments with their account types. */
export const seedDemoCrew = async (
  tx: Transaction<DB>,
  companyId: number,
  userIds: Readonly<Record<string, number>>,
  departmentIds: Readonly<Record<string, number>>,
): Promise<void> => {
  for (const p of DEMO_PEOPLE) {
    const id = userIds[p.username];
    if (id === undefined) continue;
    await tx
      .updateTable('users')
      .set({ department_id: departmentIds[p.department] ?? null, account_type: p.accountType })
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .execute();
  }
};

/**
 * Writes the demo's rotation into the days of `days` that have no duty roster yet (a day someone already planned is
 * left as it is); returns how many days it wrote. Nothing when the demo's crew or teams are gone.
 */
export const fillDemoRoster = async (
  tx: Transaction<DB>,
  companyId: number,
  days: readonly string[],
  cal: WorkCalendar,
): Promise<number> => {
  if (days.length === 0) return 0;
  const users = await tx
    .selectFrom('users')
    .select(['id', 'username'])
    .where('company_id', '=', companyId)
    .where(
      'username',
      'in',
      DEMO_CREW.map((p) => p.username),
    )
    .execute();
  const teams = await tx
    .selectFrom('departments')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .where('name', 'in', Object.values(DEMO_TEAMS))
    .execute();
  if (users.length === 0 || teams.length === 0) return 0;
  const ids = Object.fromEntries(users.map((u) => [u.username, Number(u.id)]));
  const planned = new Set(
    (
      await tx
        .selectFrom('duty_rosters')
        .select(sql<string>`day::text`.as('day'))
        .where('company_id', '=', companyId)
        .where('day', '>=', days[0] as string)
        .where('day', '<=', days[days.length - 1] as string)
        .execute()
    ).map((r) => r.day),
  );
  let written = 0;
  for (const day of days.filter((d) => !planned.has(d))) {
    for (const team of Object.keys(DEMO_TEAMS) as DemoTeam[]) {
      const department = teams.find((t) => t.name === DEMO_TEAMS[team]);
      if (department)
        await replaceRosterDay(tx, companyId, day, Number(department.id), dutyOfTeam(team, day, cal, ids));
    }
    written++;
  }
  return written;
};
