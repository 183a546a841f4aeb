// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer, renderDialog } from '../../test/renderDialog.tsx';
import type { fakeFetch } from '../../test/renderWithStore.tsx';
import { PasswordDialog } from './PasswordDialog.tsx';

const ui = {
  dialog: () => screen.findByRole('dialog', { name: '修改密码' }),
  oldPassword: () => screen.getByLabelText('旧密码'),
  newPassword: () => screen.getByLabelText('新密码'),
  rePassword: () => screen.getByLabelText('确认密码'),
  submit: () => screen.getByRole('button', { name: '确定' }),
  /** the toggles follow the fields' order: old, new, repeat */
  showNew: () => screen.getAllByRole('button', { name: '显示密码' })[1]!,
};

let calls: ReturnType<typeof fakeFetch>;

beforeEach(() => {
  calls = fakeUserServer(demoUser(), (url, init) => {
    if (url.includes('/users/password') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body));
      return body.oldPassword === 'right1'
        ? { resp_code: 0, resp_msg: 'ok', datas: null }
        : { resp_code: 1, resp_msg: '旧密码错误' };
    }
  });
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderDialog(<PasswordDialog />, 'password');

describe('change-password dialog', () => {
  it('shows the required messages under each field on submit, and sends nothing', async () => {
    open();
    await ui.dialog();
    await userEvent.click(ui.submit());
    expect(screen.getByText('请输入旧密码')).toBeTruthy();
    expect(screen.getByText('请输入新密码')).toBeTruthy();
    expect(screen.getByText('请再次输入新密码')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it("a new password that starts with a symbol, or is too short or too long: '密码格式不对!' on blur", async () => {
    open();
    await ui.dialog();
    for (const bad of ['_abcdefg', 'abc12', 'a'.repeat(22)]) {
      await userEvent.clear(ui.newPassword());
      await userEvent.type(ui.newPassword(), bad);
      await userEvent.tab();
      expect(screen.getByText('密码格式不对!')).toBeTruthy();
    }
    await userEvent.clear(ui.newPassword());
    await userEvent.type(ui.newPassword(), 'abc1234');
    await userEvent.tab();
    expect(screen.queryByText('密码格式不对!')).toBeNull();
  });

  it("a different repeat: '两次输入密码不一致!'", async () => {
    open();
    await ui.dialog();
    await userEvent.type(ui.newPassword(), 'abc1234');
    await userEvent.type(ui.rePassword(), 'abc12345');
    await userEvent.click(ui.submit());
    expect(screen.getByText('两次输入密码不一致!')).toBeTruthy();
  });

  it('the show/hide toggle reveals the password', async () => {
    open();
    await ui.dialog();
    expect(ui.newPassword().getAttribute('type')).toBe('password');
    await userEvent.click(ui.showNew());
    expect(ui.newPassword().getAttribute('type')).toBe('text');
  });

  it('a wrong old password shows the server message and keeps the dialog open', async () => {
    const { messages } = open();
    await ui.dialog();
    await userEvent.type(ui.oldPassword(), 'wrong1');
    await userEvent.type(ui.newPassword(), 'abc1234');
    await userEvent.type(ui.rePassword(), 'abc1234');
    await userEvent.click(ui.submit());
    await waitFor(() => expect(messages).toContain('旧密码错误'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 7,
      oldPassword: 'wrong1',
      newPassword: 'abc1234',
      rePassword: 'abc1234',
    });
    expect(screen.getByRole('dialog', { name: '修改密码' })).toBeTruthy();
  });

  it('success signs out and reloads after 2 s', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    localStorage.setItem('access_token', 'token');
    const { store } = open();
    await ui.dialog();
    await userEvent.type(ui.oldPassword(), 'right1');
    await userEvent.type(ui.newPassword(), 'abc1234');
    await userEvent.type(ui.rePassword(), 'abc1234');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await userEvent.click(ui.submit());
      await waitFor(() => expect(store.getState().session.signedIn).toBe(false));
      expect(localStorage.getItem('access_token')).toBeNull();
      expect(calls.some((c) => c.url.includes('/oauth/remove/token'))).toBe(true);
      expect(reload).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2000);
      expect(reload).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
