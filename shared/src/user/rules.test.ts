import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/messages.ts';
import { checkAccountPassword } from './accounts.ts';
import { COMMON_PASSWORDS } from './commonPasswords.ts';
import { checkNewPassword, checkPasswordStrength, validatePasswordChange } from './rules.ts';

describe('checkPasswordStrength (issue 17: the passwords guessed first are refused wherever a password is set)', () => {
  it.each([
    ['123456', 'the commonest password of all'],
    ['password', 'a common password'],
    ['Password1', 'a common password, case aside'],
    ['qwertyuiop', 'a keyboard row'],
    ['woaini1314', 'a common password among Chinese users'],
    ['5201314', 'a common password among Chinese users'],
    ['dragon2024', 'a common word padded with digits'],
    ['!!monkey', 'a common word padded with symbols'],
    ['abcdefgh', 'a run of letters'],
    ['98765432', 'a falling run of digits'],
    ['aaaaaaaa', 'one character repeated'],
    ['121212', 'a short unit repeated'],
    ['abcabcabc', 'a short unit repeated'],
  ])('refuses %j (%s)', (password) => {
    expect(checkPasswordStrength(password)).toBe('rules.password.common');
  });

  it('refuses the user name, reversed or padded, whatever the case', () => {
    for (const password of ['zhangwei', 'ZhangWei', 'iewgnahz', 'zhangwei88', '2024zhangwei!'])
      expect(checkPasswordStrength(password, 'zhangwei'), password).toBe('rules.password.common');
    expect(checkPasswordStrength('zhangwei88')).toBeNull();
  });

  it.each(['Tide7Pump!', 'valve-gate-42', 'k9#mQ2vL', 'abc1234', 'Hydrant2x'])('accepts %j', (password) => {
    expect(checkPasswordStrength(password, 'zhangwei')).toBeNull();
  });

  it('leaves an empty password to the required rule', () => {
    expect(checkPasswordStrength('')).toBeNull();
    expect(checkPasswordStrength(null)).toBeNull();
  });

  it('has a few thousand common passwords, in lower case', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(2500);
    for (const p of COMMON_PASSWORDS) expect(p).toBe(p.toLowerCase());
  });

  it('speaks Chinese and English', () => {
    expect(translate('rules.password.common', 'zh-CN')).toBe('密码太常见,容易被猜中,请换一个');
    expect(translate('rules.password.common', 'en')).toMatch(/too common/);
  });
});

describe('the password rules that set a password use it', () => {
  it('account create, reset and registration: at least 6 characters first, then not guessable', () => {
    expect(checkAccountPassword('12345')).toBe('rules.accountPassword.format');
    expect(checkAccountPassword('123456')).toBe('rules.password.common');
    expect(checkAccountPassword('meter88', 'meter')).toBe('rules.password.common');
    expect(checkAccountPassword('Tide7Pump')).toBeNull();
  });

  it('changing one’s own password: the spec’s format first, then not guessable', () => {
    expect(checkNewPassword('abc')).toBe('rules.newPassword.format');
    expect(checkNewPassword('1234567')).toBe('rules.password.common');
    expect(checkNewPassword('operator2024', 'operator')).toBe('rules.password.common');
    expect(
      validatePasswordChange({ oldPassword: 'x', newPassword: 'qwerty123', rePassword: 'qwerty123' }, true, 'operator'),
    ).toEqual([{ field: 'newPassword', message: 'rules.password.common' }]);
  });
});
