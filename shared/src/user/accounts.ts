// Accounts (users administration, spec §6/§7): list, saveOrUpdate, enable/disable, reset password, delete.
import { type Static, Type } from '@sinclair/typebox';
import { NameText } from '../rules/textLimits.ts';
import { checkMobile, checkNickname, checkPasswordStrength, type RuleViolation } from './rules.ts';
import { RoleSummary } from './schemas.ts';

/** Registration / account password rule (spec §5: password at least 6 characters). */
export const ACCOUNT_PASSWORD_MIN = 6;

/** One row of the account list. */
export const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  nickname: Type.String(),
  mobile: Type.Union([Type.String(), Type.Null()]),
  headImgUrl: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  /** names in the request language */
  roles: Type.Array(RoleSummary),
  roleIds: Type.Array(Type.Integer()),
  departmentId: Type.Union([Type.Integer(), Type.Null()]),
  departmentName: Type.Union([Type.String(), Type.Null()]),
  /** 1 manager 管理人员, 2 operator 操作员, 3 meter reader 抄表员, 4 maintenance 维修人员 */
  accountType: Type.Integer({ minimum: 1, maximum: 4 }),
  /** data scope: whole regions and single residential areas; both empty = unrestricted */
  regionIds: Type.Array(Type.Integer()),
  areaIds: Type.Array(Type.Integer()),
  regions: Type.Array(Type.Object({ id: Type.Integer(), regionName: Type.String() })),
  areas: Type.Array(Type.Object({ id: Type.Integer(), areaName: Type.String() })),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
});
export type Account = Static<typeof Account>;

/**
 * `POST /api-user/users/saveOrUpdate`: no id = create (username and password required; the user name is unique
 * across all tenants). On update the username and password are not changed (reset: PUT users/{id}/password).
 * `extend` (the legacy company id) is accepted and ignored: the tenant comes from the token.
 */
export const AccountSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  username: Type.Optional(Type.String({ maxLength: 64, pattern: '^\\s*[A-Za-z0-9_.@-]*\\s*$' })),
  password: Type.Optional(Type.String({ maxLength: 100 })),
  nickname: NameText(),
  mobile: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
  enabled: Type.Optional(Type.Boolean()),
  roleIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 }),
  /** null or left out on create: no department; left out on update: unchanged */
  departmentId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
  accountType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'default 2 (operator)' })),
  /** the data scope; both empty = unrestricted; left out on update: unchanged */
  regionIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 999 })),
  areaIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 })),
  extend: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type AccountSave = Static<typeof AccountSave>;

export const AccountFilters = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  nickname: Type.Optional(Type.String({ maxLength: 50 })),
  mobile: Type.Optional(Type.String({ maxLength: 20 })),
  enabled: Type.Optional(Type.Boolean()),
  roleId: Type.Optional(Type.Integer({ minimum: 1 })),
  departmentId: Type.Optional(Type.Integer({ minimum: 1 })),
  accountType: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  companyId: Type.Optional(Type.Integer({ description: 'ignored: the tenant comes from the token' })),
});

export const ACCOUNT_SORT_FIELDS = ['username', 'nickname', 'createTime'] as const;

/** `GET /api-user/users/updateEnabled?id&enabled`. */
export const AccountEnabledQuery = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  enabled: Type.Boolean(),
});

/** `PUT /api-user/users/{id}/password` (administrator reset). */
export const AccountPasswordReset = Type.Object({ password: Type.String({ maxLength: 100 }) });

/** A password an account is given (create, reset, registration): at least 6 characters, and not a guessable one. */
export const checkAccountPassword = (v: string | null | undefined, username?: string | null) =>
  (v ?? '').trim().length < ACCOUNT_PASSWORD_MIN
    ? ('rules.accountPassword.format' as const)
    : checkPasswordStrength(v, username);

/** The account form's rules with the messages the form shows; inputs trimmed. */
export const validateAccount = (a: Partial<AccountSave>, mode: 'create' | 'update'): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (mode === 'create' && (a.username ?? '').trim() === '')
    out.push({ field: 'username', message: 'rules.username.required' });
  if (mode === 'create') {
    const pw = checkAccountPassword(a.password, a.username);
    if (pw) out.push({ field: 'password', message: pw });
  }
  const nick = checkNickname(a.nickname);
  if (nick) out.push({ field: 'nickname', message: nick });
  if ((a.mobile ?? '').trim() !== '') {
    const m = checkMobile(a.mobile);
    if (m) out.push({ field: 'mobile', message: m });
  }
  return out;
};
