// The duty roster as the demo's operations read and keep it (issue 15): who is on duty on the coming days (the plan's
// working days for each crew member), and the dispatcher writing the demo's rotation (demoPeople.ts) into the days
// after the roster's last one, two weeks ahead, through the roster route.
import { addDays, chinaDay } from '@waterops/shared/reading';
import {
  type CalendarYear,
  type CrewMember,
  type RosterDay,
  WORK_ORDER_PATHS,
  type WorkCalendar,
} from '@waterops/shared/workorder';
import { DEMO_CREW, DEMO_TEAMS, type DemoTeam, dutyOfTeam } from '../db/seed/demoPeople.ts';
import type { Credentials, OpsClient } from './operationsClient.ts';

/** Who is on duty when, as the roster stands (this week and the next two), for the plan. */
export const dutyOf = async (api: OpsClient, dispatcher: Credentials, at: number) => {
  const from = chinaDay(new Date(at));
  const days = await api.result<RosterDay[]>(dispatcher, 'GET', WORK_ORDER_PATHS.roster, {
    from,
    to: addDays(from, 20),
  });
  const on = new Set(days.flatMap((d) => d.userIds.map((u) => `${u}|${d.day}`)));
  return { days, onDuty: (userId: number, day: string) => on.has(`${userId}|${day}`) };
};

/** Once a day the dispatcher writes the rotation into the days after the roster's last one (to two weeks ahead). */
export const topUpRoster = async (
  api: OpsClient,
  dispatcher: Credentials,
  at: number,
  days: readonly RosterDay[],
  crew: readonly CrewMember[],
): Promise<string | null> => {
  const today = chinaDay(new Date(at));
  const teamIds = new Map<DemoTeam, number>();
  for (const [team, name] of Object.entries(DEMO_TEAMS) as [DemoTeam, string][]) {
    const member = crew.find((m) => m.departmentName === name);
    if (member?.departmentId) teamIds.set(team, member.departmentId);
  }
  const ids: Record<string, number> = {};
  for (const p of DEMO_CREW) {
    const m = crew.find((c) => c.username === p.username);
    if (m) ids[p.username] = m.userId;
  }
  if (teamIds.size === 0) return null;
  const lastDay = days.reduce((m, d) => (d.day > m ? d.day : m), addDays(today, -1));
  const until = addDays(today, 13);
  if (lastDay >= until) return null;
  const holidays = new Set<string>();
  const workdays = new Set<string>();
  for (const year of new Set([today.slice(0, 4), until.slice(0, 4)])) {
    const y = await api.result<CalendarYear>(dispatcher, 'GET', WORK_ORDER_PATHS.calendar, { year: Number(year) });
    for (const d of y.days) (d.kind === 'workday' ? workdays : holidays).add(d.day);
  }
  const cal: WorkCalendar = { holidays, workdays, hours: null };
  for (let day = addDays(lastDay); day <= until; day = addDays(day))
    for (const [team, departmentId] of teamIds)
      await api.result(dispatcher, 'POST', WORK_ORDER_PATHS.rosterSave, {
        day,
        departmentId,
        userIds: dutyOfTeam(team, day, cal, ids),
      });
  return `dispatcher wrote the duty roster to ${until}`;
};
