// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterReplacement } from '@waterops/shared/reading';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterReplacements } from './ReplaceMeterDialog.tsx';

const swap: MeterReplacement = {
  id: 3,
  meterId: 9,
  replacedAt: '2026-10-15T04:00:00Z',
  oldMeterCode: 'OLD-9',
  oldFinalReading: 812.5,
  newMeterCode: 'M009',
  newBaseReading: 0,
  remark: null,
  createTime: '2026-10-15T04:01:00Z',
};

const ui = {
  replace: () => screen.findByRole('button', { name: '换表' }),
  dialog: () => screen.findByRole('dialog'),
  field: (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
};

afterEach(() => vi.unstubAllGlobals());

const renderSwaps = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    if (url.includes('/device/watermeter/replacements')) return { resp_code: 0, resp_msg: 'ok', datas: [swap] };
    return undefined;
  });
  const { store } = renderWithStore(<MeterReplacements meter={{ id: 9, meterCode: 'M009', lastReading: 20.25 }} />, {
    session: { signedIn: true },
  });
  return Object.assign(calls, { store });
};
const replaces = (calls: ReturnType<typeof renderSwaps>) =>
  calls.filter((c) => c.url.includes('/watermeter/replace?') || c.url.endsWith('/watermeter/replace'));

describe("the meter drawer's swaps", () => {
  it('lists past swaps and sends a new one with the readings as numbers and the trimmed code', async () => {
    const calls = renderSwaps();
    expect(await screen.findByText('OLD-9 · 812.5')).toBeTruthy();
    await userEvent.click(await ui.replace());
    const dialog = await ui.dialog();
    // the old register's final reading starts from the meter's last reading
    expect((ui.field(dialog, '旧表止码') as HTMLInputElement).value).toBe('20.25');
    await userEvent.type(ui.field(dialog, '新表身号'), '  M010 ');
    await userEvent.click(ui.ok(dialog));
    await waitFor(() => expect(replaces(calls)).toHaveLength(1));
    expect(replaces(calls)[0]?.body).toMatchObject({
      meterId: 9,
      oldFinalReading: 20.25,
      newMeterCode: 'M010',
      newBaseReading: 0,
    });
    // the time chosen (now, by default) goes as an instant
    const sent = replaces(calls)[0]?.body as { replacedAt?: string } | undefined;
    expect(Number.isNaN(Date.parse(String(sent?.replacedAt)))).toBe(false);
  });

  it('shows the rules under their fields and sends nothing', async () => {
    const calls = renderSwaps();
    await userEvent.click(await ui.replace());
    const dialog = await ui.dialog();
    await userEvent.clear(ui.field(dialog, '旧表止码'));
    await userEvent.type(ui.field(dialog, '旧表止码'), '-1');
    await userEvent.click(ui.ok(dialog));
    expect(await within(dialog).findByText('请输入新表身号')).toBeTruthy();
    expect(within(dialog).getByText('请输入不小于 0 的读数')).toBeTruthy();
    expect(replaces(calls)).toHaveLength(0);
  });

  it('offers no replace button to a user who may only read', async () => {
    const { store } = renderSwaps(['reading:record:view']);
    await screen.findByText('OLD-9 · 812.5');
    // the button waits for the signed-in user's permissions: decide only once they are known
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (q) => q?.endpointName === 'currentUser' && q.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: '换表' })).toBeNull();
  });
});
