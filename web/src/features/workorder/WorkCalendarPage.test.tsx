// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chinaDay } from '@waterops/shared/reading';
import {
  type CalendarDay,
  DEFAULT_DEADLINE_SETTINGS,
  settingsView,
  type WorkOrderSettings,
} from '@waterops/shared/workorder';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { WorkCalendarPage } from './WorkCalendarPage.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The year the page opens on. */
const year = Number(chinaDay(new Date()).slice(0, 4));
const NATIONAL_DAY: CalendarDay[] = [
  { day: `${year}-10-01`, kind: 'holiday', name: '国庆节' },
  { day: `${year}-10-02`, kind: 'holiday', name: '国庆节' },
  { day: `${year}-10-10`, kind: 'workday', name: '国庆节调休' },
];

type Setup = {
  permissions?: string[];
  days?: CalendarDay[];
  settings?: WorkOrderSettings;
  locale?: 'zh-CN' | 'en';
};
const renderPage = ({ permissions = ['admin'], days = NATIONAL_DAY, settings, locale = 'zh-CN' }: Setup = {}) => {
  const current = settings ?? settingsView(DEFAULT_DEADLINE_SETTINGS, null);
  const calls = fakeUserServer(demoUser({ permissions }), (url, init) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/workorder/calendar'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: { year: Number(new URL(url, 'http://x').searchParams.get('year')), days },
      };
    if (path.endsWith('/calendar/save'))
      return {
        resp_code: 0,
        resp_msg: '工作日历已保存,2 张未完结工单的期限已重新计算',
        datas: JSON.parse(String(init.body)),
      };
    if (path.endsWith('/workorder/settings')) return { resp_code: 0, resp_msg: 'ok', datas: current };
    if (path.endsWith('/settings/save')) return { resp_code: 0, resp_msg: '时限设置已保存', datas: current };
    return undefined;
  });
  return { ...renderWithStore(<WorkCalendarPage />, { session: { signedIn: true } }, locale), calls };
};
const posted = (calls: ReturnType<typeof renderPage>['calls'], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.url.includes(path)).map((c) => c.body as Record<string, unknown>);

/** A month's grid by its caption (queries within one month stay quick: a year has 365 day buttons). */
const month = (day: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
  screen.findByRole('table', {
    name: new Intl.DateTimeFormat(locale === 'en' ? 'en' : 'zh-CN', { month: 'long', timeZone: 'UTC' }).format(
      Date.parse(`${day}T00:00:00Z`),
    ),
  });
const ui = {
  day: async (day: string, locale: 'zh-CN' | 'en' = 'zh-CN') =>
    within(await month(day, locale)).getByRole('button', { name: new RegExp(`^${day} `) }),
  toolbar: () => screen.getByRole('toolbar', { name: '工作日历' }),
  save: () => within(ui.toolbar()).getByRole('button', { name: '保存日历' }),
  summary: () => screen.getByRole('complementary', { name: '本年安排' }),
};

describe('the work calendar', () => {
  it("shows the year's holidays and make-up days marked and named, with the year's schedule", async () => {
    renderPage();
    const holiday = await ui.day(`${year}-10-01`);
    expect(holiday.getAttribute('aria-label')).toContain('国庆节 节假日(休息)');
    expect(within(holiday).getByText('休')).toBeTruthy();
    expect(within(await ui.day(`${year}-10-10`)).getByText('班')).toBeTruthy();
    expect(holiday.closest('td')?.className).toContain('wo-cal-holiday');
    expect(screen.getAllByRole('table')).toHaveLength(12);
    const summary = ui.summary();
    expect(within(summary).getByText('节假日 2 天,调休上班 1 天')).toBeTruthy();
    expect(within(summary).getByText('国庆节')).toBeTruthy();
    expect(within(summary).getByText(/10-01 ~ 10-02/)).toBeTruthy();
  });

  it('sets a day in the draft and saves the whole year, saying how many orders moved', async () => {
    const { calls } = renderPage();
    await ui.day(`${year}-10-01`);
    expect((ui.save() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(await ui.day(`${year}-05-04`));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('节假日(休息)'));
    await userEvent.type(within(dialog).getByLabelText('名称'), ' 劳动节 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(screen.getByText('有未保存的修改')).toBeTruthy();
    // a make-up day back to usual
    await userEvent.click(await ui.day(`${year}-10-10`));
    await userEvent.click(within(await screen.findByRole('dialog')).getByLabelText(/按常规/));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }));
    // the year cannot be left with unsaved changes
    expect((within(ui.toolbar()).getByRole('button', { name: '下一年' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(ui.save());
    await waitFor(() => expect(posted(calls, '/calendar/save')).toHaveLength(1));
    expect(posted(calls, '/calendar/save')[0]).toEqual({
      year,
      days: [{ day: `${year}-05-04`, kind: 'holiday', name: '劳动节' }, NATIONAL_DAY[0], NATIONAL_DAY[1]],
    });
  });

  it('warns that a make-up working day on a weekday changes nothing', async () => {
    renderPage();
    // the first Monday of June
    const monday = [1, 2, 3, 4, 5, 6, 7]
      .map((d) => `${year}-06-0${d}`)
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1) as string;
    await userEvent.click(await ui.day(monday));
    await userEvent.click(within(await screen.findByRole('dialog')).getByLabelText('调休上班'));
    expect(screen.getByText('周一至周五本来就上班,设为调休上班不起作用')).toBeTruthy();
  });

  it('says when a year has no data, and imports text with its line errors shown before anything is saved', async () => {
    const { calls } = renderPage({ days: [] });
    expect(await screen.findByText(`${year}年尚无节假日和调休数据`)).toBeTruthy();
    await userEvent.click(within(ui.toolbar()).getByRole('button', { name: '导入' }));
    const dialog = await screen.findByRole('dialog', { name: `导入${year}年节假日安排` });
    const text = within(dialog).getByLabelText('导入内容');
    await userEvent.type(text, `${year}-01-01,holiday,元旦\nhello\n${year + 1}-01-01,休,元旦`);
    expect(within(dialog).getByText(/^第 2 行:无法识别/)).toBeTruthy();
    expect(within(dialog).getByText(`以下日期不在${year}年:${year + 1}-01-01`)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: '导入并保存' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(text);
    await userEvent.type(text, `${year}-01-01~${year}-01-03,休,元旦\n${year}-01-04 班 元旦调休`);
    expect(within(dialog).getByText('节假日 3 天,调休上班 1 天')).toBeTruthy();
    await userEvent.click(submit);
    await waitFor(() => expect(posted(calls, '/calendar/save')).toHaveLength(1));
    const body = posted(calls, '/calendar/save')[0] as { days: CalendarDay[] };
    expect(body.days.map((d) => `${d.day} ${d.kind}`)).toEqual([
      `${year}-01-01 holiday`,
      `${year}-01-02 holiday`,
      `${year}-01-03 holiday`,
      `${year}-01-04 workday`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('exports the year as text that imports back', async () => {
    renderPage();
    await ui.day(`${year}-10-01`);
    await userEvent.click(within(ui.toolbar()).getByRole('button', { name: '导出' }));
    const box = await screen.findByRole('textbox', { name: `导出${year}年工作日历` });
    expect((box as HTMLTextAreaElement).value).toContain(
      `${year}-10-01~${year}-10-02,holiday,国庆节\n${year}-10-10,workday,国庆节调休`,
    );
  });

  it('is read-only without the edit permission: no day buttons, no import or save', async () => {
    renderPage({ permissions: ['workorder:calendar:view'] });
    expect(await screen.findByText('您只能查看;修改需要「编辑工作日历和时限」权限')).toBeTruthy();
    const october = await month(`${year}-10-01`);
    expect(within(october).getByRole('img', { name: new RegExp(`^${year}-10-01 `) })).toBeTruthy();
    expect(within(october).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存日历' })).toBeNull();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('speaks English', async () => {
    renderPage({ locale: 'en' });
    expect((await ui.day(`${year}-10-01`, 'en')).getAttribute('aria-label')).toContain('Public holiday (day off)');
    expect(screen.getByRole('tab', { name: 'Deadline targets' })).toBeTruthy();
    expect(screen.getByText('2 days off, 1 make-up working days')).toBeTruthy();
  });
});

describe('the deadline targets', () => {
  const openTab = async (setup: Setup = {}) => {
    const view = renderPage(setup);
    await userEvent.click(await screen.findByRole('tab', { name: '处理时限' }));
    await screen.findByRole('table', { name: '响应与处理时限' });
    return view;
  };
  const cell = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

  it('shows targets in hours, refuses a response longer than the resolution, and saves minutes', async () => {
    const { calls } = await openTab();
    const response = cell('漏损维修·紧急 响应');
    expect(response.value).toBe('0.5');
    expect(cell('漏损维修·紧急 处理').value).toBe('4');
    const save = screen.getByRole('button', { name: '保存时限设置' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(response);
    await userEvent.type(response, '5');
    expect(screen.getByText('响应时限不能长于处理时限')).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(response);
    await userEvent.type(response, 'x');
    expect(screen.getByText('请输入大于 0、不超过 365 天的数字')).toBeTruthy();
    await userEvent.clear(response);
    await userEvent.type(response, '1.5');
    await userEvent.click(screen.getByLabelText('紧急: 按工作时间计时'));
    await userEvent.type(screen.getByLabelText('工作时间'), '8:30-17:30');
    await userEvent.click(save);
    await waitFor(() => expect(posted(calls, '/settings/save')).toHaveLength(1));
    const body = posted(calls, '/settings/save')[0] as WorkOrderSettings;
    expect(body.targets.find((r) => r.type === 'leakRepair' && r.priority === 'urgent')).toMatchObject({
      responseMinutes: 90,
      resolveMinutes: 240,
    });
    expect(body.workingTimePriorities).toEqual(['normal', 'low', 'urgent']);
    expect(body.workingHours).toBe('8:30-17:30');
    expect(body.targets).toHaveLength(40);
  });

  it('switches to days without rounding the targets nobody touched', async () => {
    const { calls } = await openTab();
    await userEvent.click(screen.getByRole('radio', { name: '天' }));
    expect(cell('爆管抢修·紧急 响应').value).toBe('0.01');
    const low = cell('巡检·低 处理');
    expect(low.value).toBe('7');
    await userEvent.clear(low);
    await userEvent.type(low, '10');
    await userEvent.click(screen.getByRole('button', { name: '保存时限设置' }));
    await waitFor(() => expect(posted(calls, '/settings/save')).toHaveLength(1));
    const body = posted(calls, '/settings/save')[0] as WorkOrderSettings;
    expect(body.targets.find((r) => r.type === 'inspection' && r.priority === 'low')?.resolveMinutes).toBe(14400);
    expect(body.targets.find((r) => r.type === 'burst' && r.priority === 'urgent')?.responseMinutes).toBe(15);
  });

  it('edits the ladder: a level twice or without anyone to tell is refused on the spot', async () => {
    const { calls } = await openTab();
    await userEvent.click(screen.getByRole('button', { name: '添加一级' }));
    const levelSelects = () => screen.getAllByRole('combobox', { name: /级 级别$/ });
    expect(levelSelects()).toHaveLength(4);
    await userEvent.selectOptions(levelSelects()[3] as HTMLElement, '1');
    expect(screen.getAllByText('升级级别不能重复').length).toBeGreaterThan(0);
    expect((screen.getByRole('button', { name: '保存时限设置' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.selectOptions(levelSelects()[3] as HTMLElement, '4');
    expect(screen.queryByText('升级级别不能重复')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: '第 4 级 调度员' }));
    expect(screen.getAllByText('至少选择一类通知对象').length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('checkbox', { name: '第 4 级 审核人' }));
    const percent = screen.getByRole('textbox', { name: '第 4 级 时限百分比' });
    await userEvent.clear(percent);
    await userEvent.type(percent, '200');
    await userEvent.click(screen.getByRole('button', { name: '删除第 2 级' }));
    await userEvent.click(screen.getByRole('button', { name: '保存时限设置' }));
    await waitFor(() => expect(posted(calls, '/settings/save')).toHaveLength(1));
    expect((posted(calls, '/settings/save')[0] as WorkOrderSettings).escalation).toEqual([
      { level: 1, basis: 'response', percent: 100, notify: ['dispatchers'] },
      { level: 3, basis: 'resolve', percent: 150, notify: ['managers'] },
      { level: 4, basis: 'resolve', percent: 200, notify: ['managers'] },
    ]);
  });

  it('shows the settings as text to a reader', async () => {
    await openTab({ permissions: ['workorder:calendar:view'] });
    expect(screen.queryByRole('textbox', { name: '漏损维修·紧急 响应' })).toBeNull();
    expect(screen.getAllByTitle('漏损维修·紧急 响应')[0]?.textContent).toBe('0.5');
    expect(screen.queryByRole('button', { name: '保存时限设置' })).toBeNull();
    expect(screen.getByText('工作日全天')).toBeTruthy();
  });
});
