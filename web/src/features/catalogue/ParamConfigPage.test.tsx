// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParamConfig } from '@waterops/shared/catalogue';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ParamConfigPage } from './ParamConfigPage.tsx';

const param = (id: number, keyType: string, code: string, name: string, value: string): ParamConfig => ({
  id,
  keyType,
  code,
  name,
  value,
  enabled: true,
  sort: 0,
  remark: null,
  updateTime: '2024-05-01T08:00:00Z',
});

afterEach(() => vi.unstubAllGlobals());

const renderParams = (rows: ParamConfig[], permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/paramconfig/list')) return { resp_code: 0, resp_msg: 'ok', datas: rows };
    if (path.endsWith('/batchSaveAndBatchUpdate')) return { resp_code: 0, resp_msg: 'ok', datas: [] };
    return undefined;
  });
  return { ...renderWithStore(<ParamConfigPage />, { session: { signedIn: true } }), calls };
};
/** The batch bodies sent (a JSON array arrives as its text). */
const batches = (calls: ReturnType<typeof renderParams>['calls']) =>
  calls
    .filter((c) => c.url.includes('/batchSaveAndBatchUpdate'))
    .map((c) => ({ body: typeof c.body === 'string' ? JSON.parse(c.body) : c.body }));

describe('the parameter config page', () => {
  it('explains the empty page and adds a first entry; a missing value is refused before sending', async () => {
    const { calls } = renderParams([]);
    expect(await screen.findByText('暂无参数配置')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '新增参数' }));
    const dialog = await screen.findByRole('dialog', { name: '新增参数' });
    await userEvent.type(within(dialog).getByLabelText('参数分组'), 'voltage');
    await userEvent.type(within(dialog).getByLabelText('参数编码'), 'low');
    await userEvent.type(within(dialog).getByLabelText('参数名称'), '低电压');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(within(dialog).getByText('至少设置一个值再保存')).toBeTruthy();
    expect(batches(calls)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('参数值'), ' 3.3 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(batches(calls)).toHaveLength(1));
    expect(batches(calls)[0]?.body).toEqual([{ keyType: 'voltage', code: 'low', name: '低电压', value: '3.3' }]);
  });

  it('groups entries by key type and saves only the edited values, together', async () => {
    const { calls } = renderParams([
      param(1, 'voltage', 'low', '低电压', '3.3'),
      param(2, 'voltage', 'high', '高电压', '4.2'),
      param(3, 'leak', 'rate', '漏损率', '0.2'),
    ]);
    const voltage = await screen.findByRole('table', { name: 'voltage' });
    expect(within(voltage).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('table', { name: 'leak' })).toBeTruthy();
    const save = screen.getByRole('button', { name: '保存修改' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    const high = screen.getByLabelText('参数值 高电压');
    await userEvent.clear(high);
    await userEvent.type(high, '4.5');
    expect(screen.getByText('已修改 1 项')).toBeTruthy();
    await userEvent.click(save);
    await waitFor(() => expect(batches(calls)).toHaveLength(1));
    expect(batches(calls)[0]?.body).toEqual([
      { id: 2, keyType: 'voltage', code: 'high', name: '高电压', value: '4.5' },
    ]);
  });

  it('names a group WaterOps keeps (the work-order deadlines, an alarm rule) by name alone, its code a tooltip', async () => {
    renderParams([
      param(1, 'workorder.deadline', 'burst.urgent', '爆管抢修·紧急', '15,180'),
      param(2, 'voltage', 'low', '低电压', '3.3'),
      param(3, 'alarm.csq', 'alarmValue', '信号强度告警值(CSQ)', '10'),
    ]);
    const deadlines = await screen.findByRole('heading', { name: '工单时限(分钟)' });
    expect(deadlines.getAttribute('title')).toBe('workorder.deadline');
    expect(screen.getByRole('heading', { name: '信号强度(CSQ)告警' })).toBeTruthy();
    // a group WaterOps does not name keeps its code
    expect(screen.getByRole('heading', { name: 'voltage' })).toBeTruthy();
    expect(screen.getByRole('table', { name: '工单时限(分钟)' })).toBeTruthy();
    expect(screen.queryByText('alarm.csq')).toBeNull();
  });

  it('shows values as text, without add or save, to a user who may only view', async () => {
    renderParams([param(1, 'voltage', 'low', '低电压', '3.3')], ['sys:param:view']);
    expect(await screen.findByText('3.3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '新增参数' })).toBeNull();
    expect(screen.queryByLabelText('参数值 低电压')).toBeNull();
  });
});
