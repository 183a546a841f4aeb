// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer, renderDialog } from '../../test/renderDialog.tsx';
import type { fakeFetch } from '../../test/renderWithStore.tsx';
import { ProfileDialog } from './ProfileDialog.tsx';

const ui = {
  dialog: () => screen.findByRole('dialog', { name: '个人中心' }),
  username: () => screen.getByLabelText('用户名'),
  nickname: () => screen.getByLabelText('昵称'),
  mobile: () => screen.getByLabelText('手机号码'),
  avatarFile: () => screen.getByLabelText('头像'),
  submit: () => screen.getByRole('button', { name: '确定' }),
};

let calls: ReturnType<typeof fakeFetch>;

beforeEach(() => {
  calls = fakeUserServer(demoUser({ mobile: '13800000000' }));
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderDialog(<ProfileDialog />, 'profile');

describe('personal-center dialog', () => {
  it('fills in the user; the user name is read-only', async () => {
    open();
    await ui.dialog();
    await waitFor(() => expect((ui.nickname() as HTMLInputElement).value).toBe('Admin'));
    expect((ui.username() as HTMLInputElement).readOnly).toBe(true);
  });

  it("empty nickname '请输入昵称', empty mobile '请输入手机号码', bad mobile '手机号码格式不对'", async () => {
    open();
    await ui.dialog();
    await waitFor(() => expect((ui.nickname() as HTMLInputElement).value).toBe('Admin'));
    await userEvent.clear(ui.nickname());
    await userEvent.type(ui.nickname(), '   ');
    await userEvent.clear(ui.mobile());
    await userEvent.click(ui.submit());
    expect(screen.getByText('请输入昵称')).toBeTruthy();
    expect(screen.getByText('请输入手机号码')).toBeTruthy();
    for (const bad of ['12800000000', '1380000000', '138000000001', '1380000000a']) {
      await userEvent.clear(ui.mobile());
      await userEvent.type(ui.mobile(), bad);
      await userEvent.tab();
      expect(screen.getByText('手机号码格式不对')).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('marks nickname and mobile required and focuses the first one in error on a refused save', async () => {
    open();
    await ui.dialog();
    await waitFor(() => expect((ui.nickname() as HTMLInputElement).value).toBe('Admin'));
    for (const input of [ui.nickname(), ui.mobile()]) {
      expect((input as HTMLInputElement).required).toBe(true);
      expect(input.closest('.bp6-form-group')?.classList.contains('wo-required')).toBe(true);
    }
    await userEvent.clear(ui.mobile());
    await userEvent.click(ui.submit());
    await waitFor(() => expect(document.activeElement).toBe(ui.mobile()));
    await userEvent.clear(ui.nickname());
    await userEvent.click(ui.submit());
    await waitFor(() => expect(document.activeElement).toBe(ui.nickname()));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('sends trimmed values', async () => {
    const { messages } = open();
    await ui.dialog();
    await waitFor(() => expect((ui.nickname() as HTMLInputElement).value).toBe('Admin'));
    await userEvent.clear(ui.nickname());
    await userEvent.type(ui.nickname(), '  小王  ');
    await userEvent.clear(ui.mobile());
    await userEvent.type(ui.mobile(), ' 13912345678 ');
    await userEvent.click(ui.submit());
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: 7,
      nickname: '小王',
      mobile: '13912345678',
      headImgUrl: null,
    });
    expect(messages).toEqual([]);
  });

  it("refuses an image of 2 MB or more before uploading: 'The size of the uploaded picture cannot exceed 2MB!'", async () => {
    renderDialog(<ProfileDialog />, 'profile', 'en');
    await screen.findByRole('dialog', { name: 'Personal center' });
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Avatar'), big);
    expect(screen.getByText('The size of the uploaded picture cannot exceed 2MB!')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/api-file/'))).toBe(false);
  });
});
