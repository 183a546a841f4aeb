// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { LoginPage } from './LoginPage.tsx';

const ui = {
  username: () => screen.getByLabelText('用户名'),
  password: () => screen.getByLabelText('密码'),
  code: () => screen.getByLabelText('动态验证码'),
  queryCode: () => screen.queryByLabelText('动态验证码'),
  submit: () => screen.getByRole('button', { name: '登录' }),
  alert: () => screen.getByRole('alert'),
};

const GRANT = { resp_code: 0, resp_msg: '成功', datas: { access_token: 'a'.repeat(43), token_type: 'bearer' } };
const ASK_CODE = { resp_code: 1, resp_msg: '需要动态验证码', datas: { captchaRequired: false, totpRequired: true } };
const ENROL = {
  resp_code: 1,
  resp_msg: '此账号须开启两步验证',
  datas: {
    captchaRequired: false,
    totpRequired: true,
    totpEnrolment: {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/WaterOps:ops?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=WaterOps',
    },
  },
};

/** A server whose token call answers each of `answers` in turn. */
const serve = (...answers: object[]) =>
  fakeFetch((url) => {
    if (url.includes('/api-uaa/oauth/token')) return answers.shift() ?? GRANT;
    if (url.includes('/api-uaa/validata/required')) return { resp_code: 0, resp_msg: '', datas: { required: false } };
    return { resp_code: 0, resp_msg: '', datas: null };
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

const tokenCalls = (calls: ReturnType<typeof fakeFetch>) =>
  calls
    .filter((c) => c.method === 'POST' && c.url.includes('/api-uaa/oauth/token'))
    .map((c) => Object.fromEntries(new URLSearchParams(String(c.body))));

const signInAs = async (username: string, password: string) => {
  await userEvent.type(ui.username(), username);
  await userEvent.type(ui.password(), password);
  await userEvent.click(ui.submit());
};

describe('sign-in with two-step verification', () => {
  it('asks for the authenticator code after the password, then sends both', async () => {
    const calls = serve(ASK_CODE, GRANT);
    renderWithStore(<LoginPage />);
    expect(ui.queryCode()).toBeNull();
    await signInAs('ops', 'pipe-7x1234');
    expect(await screen.findByLabelText('动态验证码')).toBeTruthy();
    expect(ui.alert().textContent).toBe('需要动态验证码');

    // the code is checked before anything is sent
    await userEvent.click(ui.submit());
    expect(screen.getByText('请输入6位动态验证码')).toBeTruthy();
    expect(tokenCalls(calls)).toHaveLength(1);

    await userEvent.type(ui.code(), '287082');
    await userEvent.click(ui.submit());
    await waitFor(() => expect(tokenCalls(calls)).toHaveLength(2));
    expect(tokenCalls(calls)[1]).toEqual({
      grant_type: 'password',
      username: 'ops',
      password: 'pipe-7x1234',
      totpCode: '287082',
    });
  });

  it('shows the key and link to add when the account must still enrol', async () => {
    serve(ENROL);
    renderWithStore(<LoginPage />);
    await signInAs('ops', 'pipe-7x1234');
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    expect(screen.getByRole('link', { name: ENROL.datas.totpEnrolment.uri }).getAttribute('href')).toBe(
      ENROL.datas.totpEnrolment.uri,
    );
    expect(ui.code()).toBeTruthy();
  });

  it('sends no code field for an account without it, and another user name starts over', async () => {
    const calls = serve(ASK_CODE, { resp_code: 1, resp_msg: '用户名或密码错误', datas: { captchaRequired: false } });
    renderWithStore(<LoginPage />);
    await signInAs('ops', 'pipe-7x1234');
    await screen.findByLabelText('动态验证码');
    await userEvent.type(ui.username(), 'x');
    expect(ui.queryCode()).toBeNull();
    await userEvent.click(ui.submit());
    await waitFor(() => expect(tokenCalls(calls)).toHaveLength(2));
    expect(tokenCalls(calls)[0]).toEqual({ grant_type: 'password', username: 'ops', password: 'pipe-7x1234' });
    expect(tokenCalls(calls)[1]).not.toHaveProperty('totpCode');
  });
});
