// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chinaDay } from '@waterops/shared/reading';
import type { CrewMember, RosterDay } from '@waterops/shared/workorder';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { mondayOf, shiftDay, weekDays } from './calendarGrid.ts';
import { DutyRosterPanel } from './DutyRosterPanel.tsx';

afterEach(() => vi.unstubAllGlobals());

const member = (userId: number, nickname: string, departmentId: number | null, departmentName: string | null) =>
  ({
    userId,
    username: `u${userId}`,
    nickname,
    mobile: null,
    departmentId,
    departmentName,
    onDuty: false,
    openLoad: 0,
  }) satisfies CrewMember;

const CREW = [member(1, '王强', 10, '管网一班'), member(2, '李明', 10, '管网一班'), member(3, '赵刚', 20, '水表班')];
const week = weekDays(mondayOf(chinaDay(new Date())));
const lastWeek = week.map((d) => shiftDay(d, -7));

type Setup = { permissions?: string[]; crew?: CrewMember[]; roster?: RosterDay[]; departmentId?: number };
const renderPanel = ({ permissions = ['admin'], crew = CREW, roster = [], departmentId }: Setup = {}) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/workorder/crew')) return { resp_code: 0, resp_msg: 'ok', datas: crew };
    if (path.endsWith('/workorder/roster')) {
      const q = new URL(url, 'http://x').searchParams;
      const from = q.get('from') ?? '';
      const to = q.get('to') ?? '';
      const team = Number(q.get('departmentId'));
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: roster.filter((d) => d.day >= from && d.day <= to && d.departmentId === team),
      };
    }
    if (path.endsWith('/roster/save')) return { resp_code: 0, resp_msg: 'ok', datas: JSON.parse(String(init.body)) };
    return undefined;
  });
  const view = renderWithStore(<DutyRosterPanel {...(departmentId ? { departmentId } : {})} />, {
    session: { signedIn: true },
  });
  return { ...view, calls };
};
const saves = (calls: ReturnType<typeof renderPanel>['calls']) =>
  calls.filter((c) => c.url.includes('/roster/save')).map((c) => c.body);
const cell = (name: string, day: string) =>
  screen.getByRole('checkbox', { name: `${name} ${day} 值班` }) as HTMLInputElement;

describe('the duty roster', () => {
  it("shows a team's week, and a tick saves that day's duty of the team", async () => {
    const { calls } = renderPanel({ roster: [{ day: week[1] as string, departmentId: 10, userIds: [1] }] });
    const grid = await screen.findByRole('table', { name: '值班表 管网一班' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4); // head, 王强, 李明, counts
    await waitFor(() => expect(cell('王强', week[1] as string).checked).toBe(true));
    expect(cell('李明', week[1] as string).checked).toBe(false);
    expect(within(grid).getByText('1 人值班')).toBeTruthy();
    await userEvent.click(cell('李明', week[1] as string));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]).toEqual({ day: week[1], departmentId: 10, userIds: [1, 2] });
    await userEvent.click(cell('王强', week[1] as string));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect(saves(calls)[1]).toEqual({ day: week[1], departmentId: 10, userIds: [] });
  });

  it('switches teams and weeks, and shows crew lent from another team', async () => {
    renderPanel({
      roster: [{ day: shiftDay(week[0] as string, 7), departmentId: 20, userIds: [3, 1] }],
    });
    await screen.findByRole('table', { name: '值班表 管网一班' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: '班组' }), '20');
    await screen.findByRole('table', { name: '值班表 水表班' });
    await userEvent.click(screen.getByRole('button', { name: '下一周' }));
    await waitFor(() => expect(cell('王强', shiftDay(week[0] as string, 7)).checked).toBe(true));
    expect(screen.getByText('借调自管网一班')).toBeTruthy();
    expect(cell('赵刚', shiftDay(week[0] as string, 7)).checked).toBe(true);
  });

  it("copies last week's duty onto this week, day by day, after asking", async () => {
    const { calls } = renderPanel({
      departmentId: 10,
      roster: [
        { day: lastWeek[0] as string, departmentId: 10, userIds: [1] },
        { day: lastWeek[5] as string, departmentId: 10, userIds: [1, 2] },
        { day: week[2] as string, departmentId: 10, userIds: [2] },
      ],
    });
    await screen.findByRole('table', { name: '值班表 管网一班' });
    expect(screen.queryByRole('combobox', { name: '班组' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '复制上周' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(7));
    expect(saves(calls)).toEqual(
      week.map((day, i) => ({ day, departmentId: 10, userIds: i === 0 ? [1] : i === 5 ? [1, 2] : [] })),
    );
  });

  it('is read-only without the assign permission', async () => {
    renderPanel({
      permissions: ['workorder:view'],
      roster: [{ day: week[0] as string, departmentId: 10, userIds: [2] }],
    });
    await screen.findByRole('table', { name: '值班表 管网一班' });
    expect(screen.getByText('只读:安排值班需要「派单」权限')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: '复制上周' })).toBeNull();
    expect(await screen.findByLabelText(`李明 ${week[0]} 值班`)).toBeTruthy();
  });

  it('explains what to do when there is no crew yet', async () => {
    renderPanel({ crew: [] });
    expect(await screen.findByText(/还没有可安排值班的人员/)).toBeTruthy();
  });
});
