// The duty roster of a team (the dispatch page's tab): a week grid of days × the team's crew where a dispatcher
// ticks who is on duty (each tick saves that day's duty), week navigation, and "copy last week". Crew lent from
// another team for a day shows in the team's grid too. Read-only without workorder:assign. The crew panel's "on duty
// today" and the assignee suggestion read the same roster.
import {
  Alert,
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  Classes,
  HTMLSelect,
  HTMLTable,
  Icon,
  Intent,
  NonIdealState,
  Spinner,
} from '@blueprintjs/core';
import { chinaDay } from '@waterops/shared/reading';
import type { CrewMember, RosterDay } from '@waterops/shared/workorder';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { usePermission } from '../../components/Permission.tsx';
import { isWeekend, mondayOf, shiftDay, weekDays, weekdayIndex } from './calendarGrid.ts';
import { crewName } from './crewSuggestion.ts';
import { useLazyRosterQuery, useRosterQuery, useRosterSavedMutation } from './workCalendarApi.ts';
import { useCrewQuery } from './workOrderApi.ts';
import './DutyRosterPanel.css';

const ASSIGN = ['workorder:assign'];

export type DutyRosterPanelProps = {
  /** the team to show; without it the panel offers the teams of the crew to choose from */
  departmentId?: number;
};

type Team = { id: number; name: string };

/** The teams the crew belong to, by name. */
export const teamsOf = (crew: readonly CrewMember[]): Team[] => {
  const byId = new Map<number, string>();
  for (const m of crew) if (m.departmentId !== null) byId.set(m.departmentId, m.departmentName ?? `#${m.departmentId}`);
  return [...byId.entries()].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
};

/** The rows of a team's week: its members by name, then whoever else was put on its duty that week. */
export const rosterRows = (crew: readonly CrewMember[], team: number, week: readonly RosterDay[]) => {
  const members = crew.filter((m) => m.departmentId === team);
  const rostered = new Set(week.flatMap((d) => d.userIds));
  const lent = crew.filter((m) => m.departmentId !== team && rostered.has(m.userId));
  const known = new Set(crew.map((m) => m.userId));
  const unknown = [...rostered].filter((id) => !known.has(id));
  const byName = (a: CrewMember, b: CrewMember) =>
    crewName(a).localeCompare(crewName(b), 'zh-CN') || a.userId - b.userId;
  return [
    ...members.sort(byName).map((m) => ({ userId: m.userId, name: crewName(m), from: null as string | null })),
    ...lent.sort(byName).map((m) => ({ userId: m.userId, name: crewName(m), from: m.departmentName })),
    ...unknown.map((id) => ({ userId: id, name: `#${id}`, from: null })),
  ];
};

export function DutyRosterPanel({ departmentId }: DutyRosterPanelProps) {
  const { t } = useTranslation();
  const can = usePermission();
  const editable = can(ASSIGN);
  const today = chinaDay(new Date());
  const [monday, setMonday] = useState(() => mondayOf(today));
  const [chosen, setChosen] = useState<number | null>(null);
  const [copying, setCopying] = useState(false);
  const [savingDays, setSavingDays] = useState<ReadonlySet<string>>(new Set());
  const { data: crew = [], isLoading: crewLoading } = useCrewQuery(undefined);
  const teams = useMemo(() => teamsOf(crew), [crew]);
  const team = departmentId ?? chosen ?? teams[0]?.id ?? null;
  const teamName = teams.find((x) => x.id === team)?.name ?? (team === null ? '' : `#${team}`);
  const days = weekDays(monday);
  const range = { from: days[0] as string, to: days[6] as string, ...(team === null ? {} : { departmentId: team }) };
  const { data: week = [], isFetching } = useRosterQuery(range, { skip: team === null });
  const [readRoster] = useLazyRosterQuery();
  const [saveDay] = useRosterSavedMutation();
  const rows = team === null ? [] : rosterRows(crew, team, week);
  const onDuty = (day: string) => week.find((d) => d.day === day)?.userIds ?? [];

  const saveDays = async (changes: { day: string; userIds: number[] }[]): Promise<boolean> => {
    if (team === null) return false;
    setSavingDays((s) => new Set([...s, ...changes.map((c) => c.day)]));
    try {
      for (const c of changes) await saveDay({ day: c.day, departmentId: team, userIds: c.userIds }).unwrap();
      return true;
    } catch {
      // the request layer showed the server's message
      return false;
    } finally {
      setSavingDays((s) => new Set([...s].filter((d) => !changes.some((c) => c.day === d))));
    }
  };
  const handleToggle = (day: string, userId: number, on: boolean) => {
    const now = onDuty(day);
    void saveDays([{ day, userIds: on ? [...now, userId] : now.filter((id) => id !== userId) }]);
  };
  const handleCopy = async () => {
    setCopying(false);
    if (team === null) return;
    const last = await readRoster({
      from: shiftDay(monday, -7),
      to: shiftDay(monday, -1),
      departmentId: team,
    }).unwrap();
    if (last.length === 0) {
      showMessage(t('dutyRoster.copyNothing'), 'info');
      return;
    }
    const changes = days.map((day) => ({
      day,
      userIds: last.find((d) => d.day === shiftDay(day, -7))?.userIds ?? [],
    }));
    if (await saveDays(changes)) showMessage(t('dutyRoster.copied'), 'success');
  };

  if (crewLoading) return <Spinner />;
  if (team === null)
    return <NonIdealState icon="people" title={t('dutyRoster.title')} description={t('dutyRoster.noTeams')} />;

  return (
    <section className="wo-roster" aria-label={t('dutyRoster.title')}>
      <div className="wo-table-toolbar wo-roster-toolbar">
        {departmentId === undefined && (
          <HTMLSelect
            aria-label={t('dutyRoster.team')}
            value={team}
            onChange={(e) => setChosen(Number(e.currentTarget.value))}
            options={teams.map((x) => ({ value: x.id, label: x.name }))}
          />
        )}
        <ButtonGroup>
          <Button
            icon="chevron-left"
            aria-label={t('dutyRoster.prevWeek')}
            title={t('dutyRoster.prevWeek')}
            onClick={() => setMonday(shiftDay(monday, -7))}
          />
          <Button
            text={t('dutyRoster.thisWeek')}
            disabled={monday === mondayOf(today)}
            onClick={() => setMonday(mondayOf(today))}
          />
          <Button
            icon="chevron-right"
            aria-label={t('dutyRoster.nextWeek')}
            title={t('dutyRoster.nextWeek')}
            onClick={() => setMonday(shiftDay(monday, 7))}
          />
        </ButtonGroup>
        <span className="wo-roster-week">{t('dutyRoster.week', { from: days[0], to: days[6] })}</span>
        {isFetching && <Spinner size={16} />}
        {editable && (
          <Button
            icon="duplicate"
            text={t('dutyRoster.copyLastWeek')}
            disabled={savingDays.size > 0}
            onClick={() => setCopying(true)}
          />
        )}
      </div>
      {!editable && (
        <Callout compact icon="eye-open">
          {t('dutyRoster.readOnly')}
        </Callout>
      )}
      <div className="wo-roster-grid">
        <HTMLTable compact bordered aria-label={`${t('dutyRoster.title')} ${teamName}`}>
          <thead>
            <tr>
              <th>{t('dutyRoster.member')}</th>
              {days.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className={[isWeekend(day) ? 'wo-roster-weekend' : '', day === today ? 'wo-roster-today' : ''].join(
                    ' ',
                  )}
                >
                  <div>{t(`workCalendarPage.weekday.${weekdayIndex(day)}`)}</div>
                  <div className={Classes.TEXT_MUTED}>{day.slice(5)}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.userId}>
                <th scope="row">
                  {r.name}
                  {r.from && <div className={Classes.TEXT_MUTED}>{t('dutyRoster.otherTeam', { team: r.from })}</div>}
                </th>
                {days.map((day) => {
                  const on = onDuty(day).includes(r.userId);
                  const label = t('dutyRoster.onDutyCell', { name: r.name, day });
                  return (
                    <td
                      key={day}
                      className={[isWeekend(day) ? 'wo-roster-weekend' : '', on ? 'wo-roster-on' : ''].join(' ')}
                    >
                      {editable ? (
                        <Checkbox
                          className="wo-roster-check"
                          aria-label={label}
                          checked={on}
                          disabled={savingDays.has(day)}
                          onChange={(e) => handleToggle(day, r.userId, e.currentTarget.checked)}
                        />
                      ) : on ? (
                        <Icon icon="tick" intent={Intent.SUCCESS} aria-label={label} />
                      ) : (
                        <span aria-hidden>·</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th />
              {days.map((day) => (
                <td key={day} className={Classes.TEXT_MUTED}>
                  {t('dutyRoster.dutyCount', { count: onDuty(day).length })}
                </td>
              ))}
            </tr>
          </tfoot>
        </HTMLTable>
      </div>
      <Alert
        isOpen={copying}
        icon="duplicate"
        intent={Intent.PRIMARY}
        cancelButtonText={t('common.cancel')}
        confirmButtonText={t('common.ok')}
        onCancel={() => setCopying(false)}
        onConfirm={() => void handleCopy()}
      >
        {t('dutyRoster.copyConfirm', { team: teamName })}
      </Alert>
    </section>
  );
}
