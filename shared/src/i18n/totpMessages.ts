// Server and form messages of two-step verification (TOTP, issue 17): spread into the shared catalogue (messages.ts).
import type { Locale } from './locale.ts';

export const totpMessages = {
  'auth.totpRequired': { 'zh-CN': '需要动态验证码', en: 'Enter the code from your authenticator app' },
  'auth.totpEnrolRequired': {
    'zh-CN': '此账号须开启两步验证:请在身份验证器应用中添加下面的密钥,再输入它显示的动态验证码',
    en: 'This account needs two-step verification: add the key below to your authenticator app, then enter the code it shows',
  },
  'auth.totpWrong': { 'zh-CN': '动态验证码错误', en: 'Wrong authenticator code' },
  'auth.totpReplayed': {
    'zh-CN': '该动态验证码已使用过,请等待下一个',
    en: 'This code has already been used; wait for the next one',
  },
  'auth.totpUnreadable': {
    'zh-CN': '两步验证密钥无法读取,请联系管理员重置',
    en: 'The two-step verification key cannot be read; ask an administrator to reset it',
  },
  'auth.totpAlreadyOn': { 'zh-CN': '两步验证已开启', en: 'Two-step verification is already on' },
  'auth.totpNoEnrolment': { 'zh-CN': '请先获取密钥', en: 'Get a key first' },
  'auth.totpRequiredByAdmin': {
    'zh-CN': '管理员要求此账号使用两步验证,不能关闭',
    en: 'An administrator requires two-step verification for this account; it cannot be turned off',
  },
  'rules.totpCode.format': { 'zh-CN': '请输入6位动态验证码', en: 'Enter the 6-digit code' },
  'oplog.totpEnable': { 'zh-CN': '开启两步验证', en: 'Turn on two-step verification' },
  'oplog.totpDisable': { 'zh-CN': '关闭两步验证', en: 'Turn off two-step verification' },
  'oplog.userTotpRequire': { 'zh-CN': '设置两步验证要求', en: 'Set two-step verification requirement' },
  'oplog.userTotpReset': { 'zh-CN': '重置两步验证', en: 'Reset two-step verification' },
} as const satisfies Record<string, Record<Locale, string>>;
