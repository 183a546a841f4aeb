// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AlarmRules, DEFAULT_ALARM_RULES } from '@waterops/shared/monitoring';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { WarningRulesPage } from './WarningRulesPage.tsx';

const RULES: AlarmRules = { ...DEFAULT_ALARM_RULES, overridingAreaIds: [11] };
const AREAS = [
  { id: 11, areaName: '东四小区', regionId: 1, regionName: '东城片区' },
  { id: 12, areaName: '望京小区', regionId: 1, regionName: '东城片区' },
  { id: 13, areaName: '方庄小区', regionId: 1, regionName: '东城片区' },
];

const ui = {
  card: (name: string) => screen.findByRole('region', { name }),
  field: (card: HTMLElement, label: string) => within(card).getByLabelText(label) as HTMLInputElement,
  save: (card: HTMLElement) => within(card).getByRole('button', { name: '保存' }),
};

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => localStorage.clear());

const renderPage = (permissions = ['monitoring:rule:view', 'monitoring:rule:edit']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: '操作成功', datas });
    if (path.endsWith('/monitoring/alarmRules'))
      return ok(url.includes('areaId=11') ? { ...RULES, usage: { ...RULES.usage, zeroUseDays: 3 } } : RULES);
    if (path.endsWith('/monitoring/updateVoltageWarning')) return ok({ alarmValue: 3.5, severeValue: 3.3 });
    if (path.endsWith('/monitoring/updateUseWaterRule')) return ok(RULES.usage);
    if (path.endsWith('/monitoring/batchCloneUseWaterException')) return ok({ cloned: 2 });
    if (path.endsWith('/monitoring/updateOfflineWarning')) return ok(RULES.offline);
    if (path.endsWith('/data/area/findList')) return { code: 0, msg: 'ok', count: 3, data: AREAS };
    return undefined;
  });
  renderWithStore(<WarningRulesPage />, { session: { signedIn: true } });
  return { calls };
};
const posted = (calls: { url: string; body: unknown }[], path: string) =>
  calls.filter((c) => c.url.includes(path)).map((c) => c.body);

describe('the alarm rules page', () => {
  it('saves the voltage warning when the severe value is below the alarm value', async () => {
    const { calls } = renderPage();
    const card = await ui.card('电压告警');
    expect(ui.field(card, '告警值').value).toBe('3.4');
    await userEvent.clear(ui.field(card, '告警值'));
    await userEvent.type(ui.field(card, '告警值'), '3.5');
    await userEvent.clear(ui.field(card, '严重值'));
    await userEvent.type(ui.field(card, '严重值'), '3.3');
    await userEvent.click(ui.save(card));
    await waitFor(() =>
      expect(posted(calls, '/updateVoltageWarning')).toEqual([{ alarmValue: 3.5, severeValue: 3.3 }]),
    );
  });

  it('shows the rule on the severe field and sends nothing when the severe value is above the alarm value', async () => {
    const { calls } = renderPage();
    const card = await ui.card('信号强度（CSQ）告警');
    await userEvent.clear(ui.field(card, '严重值'));
    await userEvent.type(ui.field(card, '严重值'), '12');
    await userEvent.click(ui.save(card));
    expect(within(card).getByText('严重值不能大于告警值')).toBeTruthy();
    // a value out of range is said on its own field; an empty one is asked for
    await userEvent.clear(ui.field(card, '告警值'));
    await userEvent.click(ui.save(card));
    expect(within(card).getByText('请输入数值')).toBeTruthy();
    await userEvent.type(ui.field(card, '告警值'), '40');
    await userEvent.click(ui.save(card));
    expect(within(card).getByText('信号强度(CSQ)须在 0 到 31 之间')).toBeTruthy();
    expect(posted(calls, '/updateCsqWarning')).toEqual([]);
  });

  it('keeps the sudden-increase alarm share not above the severe share (the spec’s message on the alarm field)', async () => {
    const { calls } = renderPage();
    const card = await ui.card('用水异常');
    await userEvent.clear(ui.field(card, '突增告警比例'));
    await userEvent.type(ui.field(card, '突增告警比例'), '900');
    await userEvent.click(ui.save(card));
    expect(within(card).getByText('告警值不能大于严重值')).toBeTruthy();
    expect(posted(calls, '/updateUseWaterRule')).toEqual([]);
    await userEvent.clear(ui.field(card, '突增告警比例'));
    await userEvent.type(ui.field(card, '突增告警比例'), '300');
    await userEvent.click(ui.save(card));
    await waitFor(() =>
      expect(posted(calls, '/updateUseWaterRule')).toEqual([{ ...RULES.usage, increasePercent: 300 }]),
    );
  });

  it('edits one area’s usage rule and copies it to other areas', async () => {
    const { calls } = renderPage();
    await ui.card('用水异常');
    await waitFor(() => expect(screen.getAllByRole('option', { name: '东四小区' }).length).toBeGreaterThan(0));
    await userEvent.selectOptions(screen.getByLabelText('适用小区'), '东四小区');
    expect(await screen.findByText('该小区有自己的设置')).toBeTruthy();
    const card = await ui.card('用水异常');
    await waitFor(() => expect(ui.field(card, '零用水天数').value).toBe('3'));
    await userEvent.click(ui.save(card));
    await waitFor(() =>
      expect(posted(calls, '/updateUseWaterRule')).toEqual([{ ...RULES.usage, zeroUseDays: 3, areaId: 11 }]),
    );

    const clone = await ui.card('复制到其他小区');
    expect(within(clone).queryByLabelText('东四小区')).toBeNull(); // not to itself
    await userEvent.click(within(clone).getByRole('button', { name: '复制到其他小区' }));
    expect(within(clone).getByText('请选择目标小区')).toBeTruthy();
    await userEvent.click(within(clone).getByLabelText('望京小区'));
    await userEvent.click(within(clone).getByLabelText('方庄小区'));
    await userEvent.click(within(clone).getByRole('button', { name: '复制到其他小区' }));
    await waitFor(() =>
      expect(posted(calls, '/batchCloneUseWaterException')).toEqual([{ fromAreaId: 11, toAreaIds: [12, 13] }]),
    );
  });

  it('keeps the offline hours increasing', async () => {
    const { calls } = renderPage();
    const card = await ui.card('离线告警');
    await userEvent.clear(ui.field(card, '严重（小时）'));
    await userEvent.type(ui.field(card, '严重（小时）'), '100');
    await userEvent.click(ui.save(card));
    expect(within(card).getByText('离线小时数须依次递增:告警 < 严重 < 紧急')).toBeTruthy();
    expect(posted(calls, '/updateOfflineWarning')).toEqual([]);
  });

  it('shows a reader the rules without Save', async () => {
    renderPage(['monitoring:rule:view']);
    const card = await ui.card('电压告警');
    await waitFor(() => expect(screen.getByText('你可以查看规则，修改需要“编辑告警规则”权限')).toBeTruthy());
    expect(within(card).queryByRole('button', { name: '保存' })).toBeNull();
    expect(ui.field(card, '告警值').readOnly).toBe(true);
  });
});
