import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import { validateRegistration, validateSmsCodeRequest } from './rules.ts';

const good = { username: 'newcomer_1', password: 'tap4water', mobile: '13812345678', smsCode: '012345' };
const messagesOf = (input: Partial<typeof good>) =>
  validateRegistration({ ...good, ...input }).map((v) => [v.field, translate(v.message, 'zh-CN')]);

describe('validateRegistration (spec §5: user name not empty, password at least 6, mobile format)', () => {
  it('accepts a well-formed request, trimmed', () => {
    expect(validateRegistration(good)).toEqual([]);
    expect(validateRegistration({ ...good, username: '  newcomer ', mobile: ' 13812345678 ' })).toEqual([]);
  });

  it.each([
    [{ username: '' }, 'username', '用户名不能为空'],
    [{ username: '   ' }, 'username', '用户名不能为空'],
    [{ username: 'has space' }, 'username', '用户名只能包含字母、数字和 _ . @ -'],
    [{ password: '' }, 'password', '密码长度至少为6位'],
    [{ password: 'abc12' }, 'password', '密码长度至少为6位'],
    [{ password: '  abc12  ' }, 'password', '密码长度至少为6位'],
    [{ mobile: '' }, 'mobile', '请输入手机号码'],
    [{ mobile: '12812345678' }, 'mobile', '手机号码格式不对'],
    [{ mobile: '1381234567' }, 'mobile', '手机号码格式不对'],
    [{ mobile: '138123456789' }, 'mobile', '手机号码格式不对'],
    [{ smsCode: '' }, 'smsCode', '请输入短信验证码'],
    [{ smsCode: '12345' }, 'smsCode', '短信验证码为6位数字'],
    [{ smsCode: '12345a' }, 'smsCode', '短信验证码为6位数字'],
  ])('%j → %s: %s', (input, field, message) => {
    expect(messagesOf(input)).toEqual([[field, message]]);
  });

  it('accepts a password of exactly 6 characters', () => {
    expect(messagesOf({ password: 'pipe7x' })).toEqual([]);
  });

  it('refuses a common password, and one made of the user name (issue 17)', () => {
    expect(messagesOf({ password: '123456' })).toEqual([['password', '密码太常见,容易被猜中,请换一个']]);
    expect(messagesOf({ password: 'newcomer_1!' })).toEqual([['password', '密码太常见,容易被猜中,请换一个']]);
  });

  it('reports every broken field in form order', () => {
    expect(validateRegistration({}).map((v) => v.field)).toEqual(['username', 'password', 'mobile', 'smsCode']);
  });
});

describe('validateSmsCodeRequest', () => {
  it('needs a well-formed mobile and the image code', () => {
    expect(validateSmsCodeRequest({ mobile: '13812345678', validCode: 'ab12' })).toEqual([]);
    expect(validateSmsCodeRequest({ mobile: '1381234', validCode: ' ' })).toEqual([
      { field: 'mobile', message: 'rules.mobile.format' },
      { field: 'validCode', message: 'rules.validCode.required' },
    ]);
  });
});
