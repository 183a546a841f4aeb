// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { RegisterPage } from './RegisterPage.tsx';

const ui = {
  username: () => screen.getByLabelText('用户名'),
  password: () => screen.getByLabelText('密码'),
  mobile: () => screen.getByLabelText('手机号码'),
  validCode: () => screen.getByLabelText('验证码'),
  smsCode: () => screen.getByLabelText('短信验证码'),
  sendCode: () => screen.getByRole('button', { name: /获取验证码|秒后重新获取/ }),
  submit: () => screen.getByRole('button', { name: '注册' }),
  captchaImage: () => screen.getByRole('img', { name: /验证码图片/ }) as HTMLImageElement,
};

let calls: ReturnType<typeof fakeFetch>;
beforeEach(() => {
  calls = fakeFetch((url) => {
    if (url.includes('/api-uaa/sms/code'))
      return { resp_code: 0, resp_msg: '验证码已发送', datas: { resendAfterSeconds: 60, expiresInSeconds: 300 } };
    if (url.includes('/api-uaa/register')) return { resp_code: 1, resp_msg: '短信验证码错误', datas: null };
    return { resp_code: 0, resp_msg: '', datas: null };
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.includes(path));

describe('registration page', () => {
  it('shows the spec §5 messages under the fields on submit and sends nothing', async () => {
    renderWithStore(<RegisterPage />);
    await userEvent.type(ui.password(), 'abc12');
    await userEvent.type(ui.mobile(), '12345678901');
    await userEvent.click(ui.submit());
    expect(screen.getByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码长度至少为6位')).toBeTruthy();
    expect(screen.getByText('手机号码格式不对')).toBeTruthy();
    expect(screen.getByText('请输入短信验证码')).toBeTruthy();
    expect(posts('/api-uaa/register')).toEqual([]);
  });

  it('refuses the commonest passwords with their own message, sending nothing (issue 17)', async () => {
    renderWithStore(<RegisterPage />);
    await userEvent.type(ui.username(), 'newcomer');
    await userEvent.type(ui.password(), '123456');
    await userEvent.click(ui.submit());
    expect(screen.getByText('密码太常见,容易被猜中,请换一个')).toBeTruthy();
    expect(posts('/api-uaa/register')).toEqual([]);
  });

  it('asks for the image code before sending, then counts down 60 s with a fresh image', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithStore(<RegisterPage />);
    await user.type(ui.mobile(), '13812345678');
    await user.click(ui.sendCode());
    expect(screen.getByText('请输入验证码')).toBeTruthy();
    expect(posts('/api-uaa/sms/code')).toEqual([]);

    const firstImage = ui.captchaImage().src;
    await user.type(ui.validCode(), 'k7px');
    await user.click(ui.sendCode());
    await waitFor(() => expect(ui.sendCode().textContent).toBe('60 秒后重新获取'));
    expect(posts('/api-uaa/sms/code')[0]?.body).toEqual({
      mobile: '13812345678',
      validCode: 'k7px',
      deviceId: expect.any(String),
    });
    expect((ui.sendCode() as HTMLButtonElement).disabled).toBe(true);
    expect(ui.captchaImage().src).not.toBe(firstImage);
    expect((ui.validCode() as HTMLInputElement).value).toBe('');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(ui.sendCode().textContent).toBe('59 秒后重新获取');
    // one tick a second: each re-render schedules the next
    for (let i = 0; i < 59; i++)
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
    expect(ui.sendCode().textContent).toBe('获取验证码');
    expect((ui.sendCode() as HTMLButtonElement).disabled).toBe(false);
  });

  it('submits the trimmed form and stays on the page when the server refuses the code', async () => {
    const { messages } = renderWithStore(<RegisterPage />);
    await userEvent.type(ui.username(), ' newcomer ');
    await userEvent.type(ui.password(), 'tap4water');
    await userEvent.type(ui.mobile(), '13812345678');
    await userEvent.type(ui.smsCode(), '123456');
    await userEvent.click(ui.submit());
    await waitFor(() => expect(messages).toContain('短信验证码错误'));
    expect(posts('/api-uaa/register')[0]?.body).toEqual({
      username: 'newcomer',
      password: 'tap4water',
      mobile: '13812345678',
      smsCode: '123456',
    });
  });
});
