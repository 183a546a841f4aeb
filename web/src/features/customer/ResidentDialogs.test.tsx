// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Resident } from '@waterops/shared/customer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { ResidentMetersDialog } from './ResidentDialogs.tsx';

const resident = {
  id: 7,
  residentId: 7,
  residentCode: 'YH000007',
  residentName: '张三',
  status: 1,
} as Resident;

const ui = {
  dialog: () => screen.findByRole('dialog', { name: '水表绑定 - YH000007 张三' }),
  picker: (dialog: HTMLElement) => within(dialog).getByLabelText('选择未绑定的水表', { selector: 'input' }),
};

afterEach(() => vi.unstubAllGlobals());

const renderDialog = (who: Resident = resident) => {
  const calls = fakeUserServer(demoUser({ permissions: ['admin'] }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/data/resident/water/list'))
      return {
        resp_code: 0,
        resp_msg: 'ok',
        datas: [
          {
            residentId: 7,
            meterId: 21,
            meterCode: 'SB00000021',
            remoteCode: null,
            boundAt: '2024-05-03T08:00:00Z',
            lastReading: null,
            lastReadTime: null,
          },
        ],
      };
    if (path.endsWith('/unBoundWaterMeter'))
      return {
        code: 0,
        msg: 'ok',
        count: 1,
        data: [{ id: 22, meterCode: 'SB00000022', remoteCode: null, areaId: 11, address: null }],
      };
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });
  const onClose = vi.fn();
  renderWithStore(<ResidentMetersDialog resident={who} onClose={onClose} />, { session: { signedIn: true } });
  return { calls, onClose };
};

describe("a resident's meters dialog", () => {
  it('lists the bound meters; 拆表 sends takeOff and 解绑 relieve with the meter id', async () => {
    const { calls } = renderDialog();
    const dialog = await ui.dialog();
    expect(await within(dialog).findByText('SB00000021')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '拆表' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/residentMeter/takeOff?meterId=21'))).toBe(true));
    await userEvent.click(within(dialog).getByRole('button', { name: '解绑' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/residentMeter/relieve?meterId=21'))).toBe(true));
  });

  it('searches unbound meters only from 3 characters and binds the chosen ones', async () => {
    const { calls } = renderDialog();
    const dialog = await ui.dialog();
    const bind = within(dialog).getByRole('button', { name: '绑定' });
    expect(bind).toHaveProperty('disabled', true);
    await userEvent.type(ui.picker(dialog), 'SB');
    expect(await screen.findByText('请至少输入 3 个字符')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/unBoundWaterMeter'))).toBe(false);
    await userEvent.type(ui.picker(dialog), '0');
    await userEvent.click(await screen.findByText('SB00000022'));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/unBoundWaterMeter'))?.url).toContain('meterCode=SB0'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '绑定' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.includes('/residentMeter/save'))?.body).toEqual({ residentId: 7, meterIds: [22] }),
    );
  });

  it('offers no binding for a closed resident', async () => {
    renderDialog({ ...resident, status: 3 });
    const dialog = await ui.dialog();
    expect(within(dialog).getByText('该用户已销户,不能再绑定水表')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '绑定' })).toBeNull();
  });
});
