// Companies (tenants) administration: a water company or a meter maker, created by the company above it
// (`parentId`), with its profile (names, contact, logo) and its first administrator account.
import { type Static, Type } from '@sinclair/typebox';
import type { MessageKey } from '../i18n/messages.ts';
import { NAME_EN_MAX, NAME_MAX } from '../rules/textLimits.ts';
import { checkAccountPassword } from '../user/accounts.ts';
import { checkMobile, type RuleViolation } from '../user/rules.ts';

/** A water company (serves residents) or a meter maker (makes the meters and serves the water companies). */
export const COMPANY_KINDS = ['water', 'meter'] as const;
export type CompanyKind = (typeof COMPANY_KINDS)[number];
export const CompanyKindSchema = Type.Union(COMPANY_KINDS.map((k) => Type.Literal(k)));

/** A company's short code: 2–20 letters or digits, unique across companies (case-insensitive). */
export const COMPANY_CODE_PATTERN = /^[A-Za-z0-9]{2,20}$/;
/** A logo is one of our stored files or an http(s) image elsewhere; nothing that could run script. */
export const LOGO_IMG_PATTERN = /^(\/api-file\/files\/[0-9a-f-]{36}|https?:\/\/[^\s"'<>]+)$/i;

const Text = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

/** One row of the company list: the caller's own company (`own`) or one it created. */
export const CompanyDetail = Type.Object({
  id: Type.Integer(),
  /** the company that created it; null for a top company */
  parentId: Type.Union([Type.Integer(), Type.Null()]),
  name: Type.String(),
  nameEn: Type.Union([Type.String(), Type.Null()]),
  kind: CompanyKindSchema,
  code: Type.Union([Type.String(), Type.Null()]),
  contact: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
  /** the name shown beside the logo in the top bar */
  logoName: Type.String(),
  logoNameEn: Type.Union([Type.String(), Type.Null()]),
  logoImg: Type.Union([Type.String(), Type.Null()]),
  enabled: Type.Boolean(),
  /** true for the caller's own company (it cannot be disabled) */
  own: Type.Boolean(),
  createTime: Type.String({ format: 'date-time' }),
});
export type CompanyDetail = Static<typeof CompanyDetail>;

/** The profile fields a company edits about itself (`POST /api-user/companys/profile`). */
const profileFields = {
  name: Type.String({ maxLength: 50 }),
  nameEn: Type.Optional(Text(100)),
  contact: Type.Optional(Text(50)),
  phone: Type.Optional(Text(20)),
  address: Type.Optional(Text(200)),
  /** empty: the name is shown */
  logoName: Type.Optional(Text(NAME_MAX)),
  logoNameEn: Type.Optional(Text(NAME_EN_MAX)),
  logoImg: Type.Optional(Text(500)),
};

export const CompanyProfileSave = Type.Object(profileFields);
export type CompanyProfileSave = Static<typeof CompanyProfileSave>;

/**
 * `POST /api-user/companys/saveOrUpdate`: no id = create the company (a whole tenant: roles, menus, grants) and its
 * first administrator (`adminUsername`, unique across companies, and `adminPassword`, at least 6 characters);
 * with an id = update the caller's own company or one it created (the admin fields are then ignored).
 */
export const CompanySave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  ...profileFields,
  kind: CompanyKindSchema,
  code: Type.String({ maxLength: 40 }),
  enabled: Type.Optional(Type.Boolean()),
  adminUsername: Type.Optional(Type.String({ maxLength: 64, pattern: '^\\s*[A-Za-z0-9_.@-]*\\s*$' })),
  adminPassword: Type.Optional(Type.String({ maxLength: 100 })),
  adminNickname: Type.Optional(Text(NAME_MAX)),
  adminMobile: Type.Optional(Text(20)),
});
export type CompanySave = Static<typeof CompanySave>;

export const CompanyFilters = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 50 })),
  kind: Type.Optional(CompanyKindSchema),
  enabled: Type.Optional(Type.Boolean()),
});
export type CompanyFilters = Static<typeof CompanyFilters>;

export const COMPANY_SORT_FIELDS = ['name', 'code', 'createTime'] as const;
export const COMPANY_UNIQUE_FIELDS = ['name', 'code'] as const;

/** `GET /api-user/companys/updateEnabled?id&enabled`: disabling ends the sessions of the company's users. */
export const CompanyEnabledQuery = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  enabled: Type.Boolean(),
});

export const COMPANY_PATHS = {
  /** GET: own company and the companies it created, paged (name, kind, enabled, sort, order) */
  list: '/api-user/companys',
  /** POST JSON CompanySave: no id = create with its first administrator */
  saveOrUpdate: '/api-user/companys/saveOrUpdate',
  /** GET ?field=name|code&value&id → datas: true when another company holds it */
  exist: '/api-user/companys/exist',
  /** GET ?id&enabled */
  enabled: '/api-user/companys/updateEnabled',
  /** GET: own company in full; POST JSON CompanyProfileSave: edit it */
  profile: '/api-user/companys/profile',
} as const;

const trim = (v: string | null | undefined): string => (v ?? '').trim();

const collect = (checks: [string, MessageKey | null][]): RuleViolation[] =>
  checks.flatMap(([field, message]) => (message ? [{ field, message }] : []));

export const checkCompanyName = (v: string | null | undefined): MessageKey | null =>
  trim(v) === '' ? 'rules.companyName.required' : null;

export const checkCompanyCode = (v: string | null | undefined): MessageKey | null => {
  const s = trim(v);
  if (s === '') return 'rules.companyCode.required';
  return COMPANY_CODE_PATTERN.test(s) ? null : 'rules.companyCode.format';
};

/** An optional mobile number: empty passes, anything else follows the mobile rule. */
const optionalMobile = (v: string | null | undefined): MessageKey | null => (trim(v) === '' ? null : checkMobile(v));

const checkLogoImg = (v: string | null | undefined): MessageKey | null =>
  trim(v) === '' || LOGO_IMG_PATTERN.test(trim(v)) ? null : 'rules.logoImg.format';

/** The profile form's rules (name required, phone a mobile number, logo one of our images); inputs trimmed. */
export const validateCompanyProfile = (p: Partial<CompanyProfileSave>): RuleViolation[] =>
  collect([
    ['name', checkCompanyName(p.name)],
    ['phone', optionalMobile(p.phone)],
    ['logoImg', checkLogoImg(p.logoImg)],
  ]);

/** The company form's rules: the profile's, the code, and on create the first administrator's account rules. */
export const validateCompany = (c: Partial<CompanySave>, mode: 'create' | 'update'): RuleViolation[] => [
  ...validateCompanyProfile(c),
  ...collect([['code', checkCompanyCode(c.code)]]),
  ...(mode === 'create'
    ? collect([
        ['adminUsername', trim(c.adminUsername) === '' ? 'rules.username.required' : null],
        ['adminPassword', checkAccountPassword(c.adminPassword, c.adminUsername)],
        ['adminMobile', optionalMobile(c.adminMobile)],
      ])
    : []),
];
