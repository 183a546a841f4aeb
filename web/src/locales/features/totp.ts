// Texts of two-step verification (TOTP, issue 17): the sign-in code step, the personal center's card and the
// account page's dialog. Chinese first; spread into zhCN.ts and en.ts.
export const totpZhCN = {
  totp: {
    code: '动态验证码',
    codePlaceholder: '身份验证器应用中的6位数字',
    enrolIntro: '在身份验证器应用(如 Microsoft Authenticator、Google 身份验证器)中手动添加下面的密钥,或打开链接:',
    secret: '密钥',
    uri: '链接',
    title: '两步验证',
    intro: '登录时除密码外,还需输入手机上身份验证器应用显示的动态验证码。',
    on: '已开启',
    off: '未开启',
    requiredByAdmin: '管理员要求此账号使用两步验证',
    turnOn: '开启两步验证',
    turnOff: '关闭两步验证',
    confirm: '验证并开启',
    turnedOn: '两步验证已开启',
    turnedOff: '两步验证已关闭',
    adminAction: '两步验证',
    adminTitle: '{{name}} 的两步验证',
    require: '要求两步验证',
    requireHint: '要求后,该账号下次登录时须先设置身份验证器,不能跳过。',
    reset: '重置两步验证',
    resetHint: '手机丢失时使用:清除该账号的密钥并结束其所有会话;下次登录时重新设置。',
    resetDone: '两步验证已重置',
    state: '状态',
  },
};

export const totpEn: typeof totpZhCN = {
  totp: {
    code: 'Authenticator code',
    codePlaceholder: 'The 6 digits your authenticator app shows',
    enrolIntro:
      'In your authenticator app (Microsoft Authenticator, Google Authenticator…) add this key by hand, or open the link:',
    secret: 'Key',
    uri: 'Link',
    title: 'Two-step verification',
    intro: "Signing in asks, besides the password, for the code your phone's authenticator app shows.",
    on: 'On',
    off: 'Off',
    requiredByAdmin: 'An administrator requires two-step verification for this account',
    turnOn: 'Turn on two-step verification',
    turnOff: 'Turn off two-step verification',
    confirm: 'Verify and turn on',
    turnedOn: 'Two-step verification is on',
    turnedOff: 'Two-step verification is off',
    adminAction: 'Two-step verification',
    adminTitle: 'Two-step verification of {{name}}',
    require: 'Require two-step verification',
    requireHint: 'The account then sets up an authenticator at its next sign-in; it cannot skip that.',
    reset: 'Reset two-step verification',
    resetHint:
      "For a lost phone: forgets the account's key and ends its sessions; it sets up again at its next sign-in.",
    resetDone: 'Two-step verification has been reset',
    state: 'State',
  },
};
