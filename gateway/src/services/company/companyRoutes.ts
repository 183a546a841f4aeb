// /api-user companies administration (issue 3): the list of the caller's own company and the companies it created,
// saveOrUpdate (creating a company creates its whole tenant and first administrator in one transaction), exist,
// updateEnabled (disabling ends the company's sessions; nobody disables their own company) and the own company's
// profile. Written here rather than on registerResource: companies are not tenant rows (the scope is own + children,
// uniqueness is across all companies, and a create spawns a tenant), which the tenant-scoped generic repository does
// not express. The list filters and sort reuse resourceQuery. Companies are never deleted, only disabled: a company
// owns users, devices and bills that outlive a contract.
import { Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  ExistQuery,
  ok,
  PageQuery,
  PageResult,
  page,
  Result,
  SortQuery,
} from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  COMPANY_PATHS,
  COMPANY_SORT_FIELDS,
  COMPANY_UNIQUE_FIELDS,
  CompanyDetail,
  CompanyEnabledQuery,
  CompanyFilters,
  type CompanyKind,
  CompanyProfileSave,
  CompanySave,
  validateCompany,
  validateCompanyProfile,
} from '@waterops/shared/company';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { createTenant } from '../../db/seed/createTenant.ts';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { usernameTaken } from '../account/accountRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { type FilterSpec, filterConditions, sortTerms } from '../resource/resourceQuery.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  type CompanyRow,
  companyValueTaken,
  endCompanySessions,
  findVisibleCompany,
  listCompanies,
  lockCompanies,
  updateCompany,
} from './companyRepository.ts';

const USER_PREFIX = '/api-user';
const path = (full: string) => full.slice(USER_PREFIX.length);
const tags = ['company'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const FILTERS: FilterSpec = {
  name: { column: 'name', match: 'contains' },
  kind: { column: 'kind', match: 'eq' },
  enabled: { column: 'enabled', match: 'eq' },
};
const SORTABLE: Record<(typeof COMPANY_SORT_FIELDS)[number], string> = {
  name: 'name',
  code: 'code',
  createTime: 'created_at',
};

/** The first administrator's nickname when the form leaves it empty. */
const DEFAULT_ADMIN_NICKNAME = '系统管理员';

const toDetail = (r: CompanyRow, me: Principal): CompanyDetail => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  name: r.name,
  nameEn: r.name_en,
  kind: r.kind as CompanyKind,
  code: r.code,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  logoName: r.logo_name,
  logoNameEn: r.logo_name_en,
  logoImg: r.logo_img,
  enabled: r.enabled,
  own: Number(r.id) === me.companyId,
  createTime: r.created_at.toISOString(),
});

const text = (v: string | null | undefined): string | null => v?.trim() || null;

/** The profile columns of a save: trimmed, empty as null, the logo name falling back to the name. */
const profileColumns = (b: CompanyProfileSave) => {
  const name = b.name.trim();
  return {
    name,
    name_en: text(b.nameEn),
    contact: text(b.contact),
    phone: text(b.phone),
    address: text(b.address),
    logo_name: text(b.logoName) ?? name,
    logo_name_en: text(b.logoNameEn),
    logo_img: text(b.logoImg),
  };
};

type Refusal = { refusal: MessageKey };

export const companyRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const failure = (request: FastifyRequest, key: MessageKey) => ({
    resp_code: BUSINESS_FAILURE_CODE,
    resp_msg: request.t(key),
    datas: null,
  });

  /** Runs a write; a unique violation the checks could not see (a race) becomes the matching refusal. */
  const writeOrRefuse = async <T>(work: (tx: Transaction<DB>) => Promise<T | Refusal>): Promise<T | Refusal> => {
    try {
      return await app.db.transaction().execute(work);
    } catch (e) {
      const err = e as { code?: string; constraint?: string };
      if (err.code === '23505' && err.constraint === 'companies_code_uq')
        return { refusal: 'resource.companyCode.exists' };
      if (err.code === '23505' && err.constraint === 'logins_pkey') return { refusal: 'resource.username.exists' };
      throw e;
    }
  };
  const isRefusal = (x: unknown): x is Refusal => typeof x === 'object' && x !== null && 'refusal' in x;

  /** The first name or code rule another company breaks, or null. */
  const uniquenessRefusal = async (tx: Transaction<DB>, name: string, code: string | null, exceptId?: number) => {
    if (await companyValueTaken(tx, 'name', name, exceptId)) return { refusal: 'resource.companyName.exists' } as const;
    if (code !== null && (await companyValueTaken(tx, 'code', code, exceptId)))
      return { refusal: 'resource.companyCode.exists' } as const;
    return null;
  };

  /** Disabling a company ends its users' sessions; cached ones are dropped after the commit. */
  const dropSessions = (companyId: number, userIds: number[]) => {
    if (userIds.length) app.sessions.dropUsers(companyId, userIds);
  };

  app.get(
    path(COMPANY_PATHS.list),
    {
      config: { permission: PERMISSIONS.sysCompanyView },
      schema: {
        tags,
        summary: "One page of the caller's own company and the companies it created (name, kind, enabled, sort)",
        querystring: Type.Composite([PageQuery, CompanyFilters, SortQuery(COMPANY_SORT_FIELDS)]),
        response: { 200: PageResult(CompanyDetail), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as Record<string, unknown> & {
        page: number;
        limit: number;
        sort?: string;
        order?: 'asc' | 'desc';
      };
      const sort = sortTerms(SORTABLE, [{ column: 'created_at', order: 'asc' }], q.sort, q.order);
      if (!sort) throw badRequest('sort');
      const { rows, count } = await listCompanies(app.db, me.companyId, {
        conditions: filterConditions(FILTERS, q),
        sort,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return page(
        rows.map((r) => toDetail(r, me)),
        count,
        request.t('common.success'),
      );
    },
  );

  app.get(
    path(COMPANY_PATHS.exist),
    {
      config: { permission: PERMISSIONS.sysCompanyView },
      schema: {
        tags,
        summary: 'Whether a company other than `id` already holds the name or code (across all companies)',
        querystring: ExistQuery(COMPANY_UNIQUE_FIELDS),
        response: { 200: Result(Type.Boolean()), ...errors },
      },
    },
    async (request) => {
      const { field, value, id } = request.query as { field: 'name' | 'code'; value: string; id?: number };
      return ok(await companyValueTaken(app.db, field, value.trim(), id), request.t('common.success'));
    },
  );

  app.post(
    path(COMPANY_PATHS.saveOrUpdate),
    {
      config: { permission: PERMISSIONS.sysCompanyEdit },
      schema: {
        tags,
        summary:
          'Create a company with its first administrator (no id; a whole tenant: roles, menus, grants) or update ' +
          'the own company or one it created (id)',
        description: 'A name, code or user name another company holds answers HTTP 200 with resp_code 1.',
        body: CompanySave,
        response: { 200: Result(Type.Union([CompanyDetail, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      const mode = body.id === undefined ? 'create' : 'update';
      const violation = validateCompany(body, mode)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      const columns = { ...profileColumns(body), kind: body.kind, code: body.code.trim() };
      let ended: number[] = [];
      const outcome = await writeOrRefuse(async (tx) => {
        await lockCompanies(tx);
        const existing = body.id === undefined ? undefined : await findVisibleCompany(tx, me.companyId, body.id);
        if (body.id !== undefined && !existing) throw notFound();
        if (existing && Number(existing.id) === me.companyId && body.enabled === false)
          return { refusal: 'resource.company.self' } as const;
        const taken = await uniquenessRefusal(
          tx,
          columns.name,
          columns.code,
          existing ? Number(existing.id) : undefined,
        );
        if (taken) return taken;
        let id: number;
        if (existing) {
          id = Number(existing.id);
          await updateCompany(tx, id, { ...columns, ...(body.enabled !== undefined ? { enabled: body.enabled } : {}) });
          if (existing.enabled && body.enabled === false) ended = await endCompanySessions(tx, id, at);
        } else {
          const username = (body.adminUsername ?? '').trim();
          if (await usernameTaken(tx, 0, username)) return { refusal: 'resource.username.exists' } as const;
          const created = await createTenant(tx, {
            name: columns.name,
            nameEn: columns.name_en,
            logoName: columns.logo_name,
            logoNameEn: columns.logo_name_en,
            logoImg: columns.logo_img,
            kind: columns.kind,
            code: columns.code,
            contact: columns.contact,
            phone: columns.phone,
            address: columns.address,
            parentId: me.companyId,
            enabled: body.enabled ?? true,
            users: [
              {
                username,
                password: (body.adminPassword ?? '').trim(),
                nickname: text(body.adminNickname) ?? DEFAULT_ADMIN_NICKNAME,
                mobile: text(body.adminMobile),
                roles: ['ADMIN'],
              },
            ],
          });
          id = created.companyId;
        }
        const saved = (await findVisibleCompany(tx, me.companyId, id)) as CompanyRow;
        await recordRequestOperation(tx, request, me, {
          operation: existing ? 'companyUpdate' : 'companyCreate',
          detail: `company #${id} ${saved.name} ${saved.code ?? ''}${existing ? '' : ` admin ${(body.adminUsername ?? '').trim()}`}`,
          at,
        });
        return saved;
      });
      if (isRefusal(outcome)) return failure(request, outcome.refusal);
      dropSessions(Number(outcome.id), ended);
      return ok(toDetail(outcome, me), request.t('common.success'));
    },
  );

  app.get(
    path(COMPANY_PATHS.enabled),
    {
      // a refused attempt is mostly a disable (of one's own company): logged under that name
      config: { permission: PERMISSIONS.sysCompanyEdit, operation: 'companyDisable' },
      schema: {
        tags,
        summary: 'Enable or disable a company the caller created; disabling ends the sessions of its users',
        description: 'Disabling your own company answers resp_code 1.',
        querystring: CompanyEnabledQuery,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id, enabled } = request.query;
      const at = now();
      let ended: number[] = [];
      const outcome = await app.db.transaction().execute(async (tx) => {
        await lockCompanies(tx);
        const company = await findVisibleCompany(tx, me.companyId, id);
        if (!company) throw notFound();
        if (id === me.companyId && !enabled) return { refusal: 'resource.company.self' } as const;
        await updateCompany(tx, id, { enabled });
        if (!enabled) ended = await endCompanySessions(tx, id, at);
        await recordRequestOperation(tx, request, me, {
          operation: enabled ? 'companyEnable' : 'companyDisable',
          detail: `company #${id} ${company.name} ${company.code ?? ''}`,
          at,
        });
        return null;
      });
      if (outcome) return failure(request, outcome.refusal);
      dropSessions(id, ended);
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    path(COMPANY_PATHS.profile),
    {
      config: { permission: PERMISSIONS.sysCompanyView },
      schema: {
        tags,
        summary: "The caller's own company in full (the profile form)",
        response: { 200: Result(CompanyDetail), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const company = await findVisibleCompany(app.db, me.companyId, me.companyId);
      if (!company) throw notFound();
      return ok(toDetail(company, me), request.t('common.success'));
    },
  );

  app.post(
    path(COMPANY_PATHS.profile),
    {
      config: { permission: PERMISSIONS.sysCompanyEdit },
      schema: {
        tags,
        summary: "Edit the caller's own company: names, contact, phone, address, logo name and image",
        description: 'A name another company holds answers HTTP 200 with resp_code 1.',
        body: CompanyProfileSave,
        response: { 200: Result(Type.Union([CompanyDetail, Type.Null()])), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const violation = validateCompanyProfile(request.body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const columns = profileColumns(request.body);
      const at = now();
      const outcome = await writeOrRefuse(async (tx) => {
        await lockCompanies(tx);
        const before = await findVisibleCompany(tx, me.companyId, me.companyId);
        if (!before) throw notFound();
        const taken = await uniquenessRefusal(tx, columns.name, null, me.companyId);
        if (taken) return taken;
        await updateCompany(tx, me.companyId, columns);
        const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => before[k] !== columns[k]);
        await recordRequestOperation(tx, request, me, {
          operation: 'companyProfileUpdate',
          detail: changed.join(', '),
          at,
        });
        return (await findVisibleCompany(tx, me.companyId, me.companyId)) as CompanyRow;
      });
      if (isRefusal(outcome)) return failure(request, outcome.refusal);
      return ok(toDetail(outcome, me), request.t('common.success'));
    },
  );
};
