// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DisplayToken } from '@waterops/shared/display';
import { beforeEach, describe, expect, it } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { DisplayPage } from './DisplayPage.tsx';

const TOKEN = 'dIsPlAy_0123456789abcdefghijklmnopqrstuvwxyz';
const screenRow: DisplayToken = {
  id: 4,
  name: '调度中心大屏',
  createdBy: 'admin',
  createTime: '2026-11-01T08:00:00Z',
  expiresAt: '2027-04-30T08:00:00Z',
  revokedAt: null,
  lastSeenTime: '2026-12-07T02:00:00Z',
  lastSeenAddress: '10.1.2.3',
  state: 'active',
};

const ui = {
  issue: () => screen.findByRole('button', { name: '签发令牌' }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  name: (dialog: HTMLElement) => within(dialog).getByLabelText('大屏名称'),
  days: (dialog: HTMLElement) => within(dialog).getByLabelText('有效期(天)'),
  ok: (dialog: HTMLElement) => within(dialog).getByRole('button', { name: '确定' }),
  rowAction: (name: string) => screen.findByRole('button', { name }),
};

/** jsdom has no layout, so Table2 draws only its first columns: hide the middle ones to bring the actions into view. */
const showActions = () =>
  localStorage.setItem(
    `columns:system.display`,
    JSON.stringify({ 签发人: false, 签发时间: false, 到期时间: false, 最后联系: false }),
  );

beforeEach(() => localStorage.clear());

const renderPage = (permissions = ['admin']) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/api-user/displays')) return { code: 0, msg: 'ok', count: 1, data: [screenRow] };
    if (path.endsWith('/displays/issue'))
      return { resp_code: 0, resp_msg: 'ok', datas: { token: TOKEN, display: { ...screenRow, id: 5, name: '大厅' } } };
    if (path.endsWith('/displays/4/revoke'))
      return { resp_code: 0, resp_msg: 'ok', datas: { ...screenRow, state: 'revoked' } };
    return undefined;
  });
  return { ...renderWithStore(<DisplayPage />, { session: { signedIn: true } }), calls };
};

describe('the display screens page', () => {
  it('lists screens with their state, never a token', async () => {
    renderPage();
    expect(await screen.findByText('调度中心大屏')).toBeTruthy();
    // the state as a tag (the state filter offers the same word as an option)
    expect(screen.getAllByText('有效').some((e) => e.closest('.bp6-tag'))).toBe(true);
    expect(document.body.textContent).not.toContain(TOKEN);
  });

  it('shows the last contact with its address', async () => {
    localStorage.setItem(
      'columns:system.display',
      JSON.stringify({ 状态: false, 签发人: false, 签发时间: false, 到期时间: false }),
    );
    renderPage();
    expect(await screen.findByText(/（10\.1\.2\.3）|\(10\.1\.2\.3\)/)).toBeTruthy();
  });

  it('issues a token and shows it and the screen address once, with copy buttons; a blank name is refused first', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await ui.issue());
    const form = await ui.dialog('签发大屏令牌');
    expect((ui.days(form) as HTMLInputElement).value).toBe('180');
    await user.click(ui.ok(form));
    expect(await within(form).findByText('请输入大屏名称')).toBeTruthy();
    await user.type(ui.name(form), ' 大厅 ');
    await user.clear(ui.days(form));
    await user.type(ui.days(form), '800');
    await user.click(ui.ok(form));
    expect(await within(form).findByText('有效期须为 1–730 天')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/displays/issue'))).toHaveLength(0);

    await user.clear(ui.days(form));
    await user.type(ui.days(form), '30');
    await user.click(ui.ok(form));
    const shown = await ui.dialog('大屏令牌已签发');
    expect(calls.find((c) => c.url.includes('/displays/issue'))?.body).toEqual({ name: '大厅', days: 30 });
    const url = (within(shown).getByLabelText('大屏地址') as HTMLInputElement).value;
    expect(url).toBe(`${window.location.origin}/#/bigScreen?display=${TOKEN}`);
    expect((within(shown).getByLabelText('令牌') as HTMLInputElement).value).toBe(TOKEN);
    expect(within(shown).getByText(/只显示这一次/)).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: '复制大屏地址' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    await user.click(within(shown).getByRole('button', { name: '复制令牌' }));
    expect(await navigator.clipboard.readText()).toBe(TOKEN);

    // closing forgets it: the token is nowhere on the page, and a new dialog starts empty
    await user.click(within(shown).getByRole('button', { name: '我已保存' }));
    await waitFor(() => expect(screen.queryByDisplayValue(TOKEN)).toBeNull());
    await user.click(await ui.issue());
    expect((ui.name(await ui.dialog('签发大屏令牌')) as HTMLInputElement).value).toBe('');
  });

  it('revokes a token only after a confirmation naming the screen', async () => {
    showActions();
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await ui.rowAction('吊销'));
    const alert = await screen.findByRole('alertdialog');
    expect(within(alert).getByText(/确定要吊销大屏“调度中心大屏”的令牌吗/)).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.url.includes('/revoke'))).toHaveLength(0);

    await user.click(await ui.rowAction('吊销'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '吊销' }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/displays/4/revoke'))).toHaveLength(1));
  });

  it('renames a screen: its name prefilled, a blank one refused', async () => {
    showActions();
    const user = userEvent.setup();
    const { calls } = renderPage();
    await user.click(await ui.rowAction('重命名'));
    const form = await ui.dialog('重命名大屏');
    expect((ui.name(form) as HTMLInputElement).value).toBe('调度中心大屏');
    await user.clear(ui.name(form));
    await user.click(ui.ok(form));
    expect(await within(form).findByText('请输入大屏名称')).toBeTruthy();
    await user.type(ui.name(form), '调度大屏(东)');
    await user.click(ui.ok(form));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/api-user/displays/4'))?.body).toEqual({ name: '调度大屏(东)' }),
    );
  });

  it('lets a viewer read the list but not issue, rename or revoke', async () => {
    showActions();
    renderPage(['sys:display:view']);
    expect(await screen.findByText('调度中心大屏')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '签发令牌' })).toBeNull();
    expect(screen.queryByRole('button', { name: '吊销' })).toBeNull();
    expect(screen.queryByRole('button', { name: '重命名' })).toBeNull();
  });
});
