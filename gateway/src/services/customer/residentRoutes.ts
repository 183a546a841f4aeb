// /api-workbench residents (spec §7 data/resident) on the resource registration: list with the spec's filters,
// save (an empty code comes from the code rules), udpateResident, exist, one by id, export and import; besides it
// the batch delete (refused while a meter is bound or a binding history exists: a billed household is closed by
// clearance, not deleted), the next code, the resident-facing app accounts and the resident's meters (water/list).
import { randomInt } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { BUSINESS_FAILURE_CODE, ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  AppAccount,
  CUSTOMER_PATHS,
  type RESIDENT_SORT_FIELDS,
  RESIDENT_STATUS_CLOSED,
  Resident,
  ResidentFilters,
  ResidentIdBody,
  ResidentIdsBody,
  ResidentSave,
  type ResidentStatus,
  ResidentWater,
  ResidentWaterQuery,
  validateResident,
} from '@waterops/shared/customer';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { allocateCode } from '../codeRule/codeRuleRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { type Refusal, registerResource } from '../resource/registerResource.ts';
import { likePattern } from '../resource/resourceQuery.ts';
import { type DbRow, lockResource } from '../resource/resourceRepository.ts';
import { inAreasOfRegions, rowInScope, scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { hashPassword } from '../uaa/passwordHash.ts';
import { residentWater } from './residentMeterRepository.ts';
import {
  bindingCounts,
  dateText,
  deleteResidents,
  enrichResidents,
  residentCodeTaken,
  residentsByIds,
  setAppAccount,
} from './residentRepository.ts';
import { residentExport, residentImport } from './residentSheets.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;

const COLUMNS = [
  'id',
  'resident_code',
  'resident_name',
  'address',
  'phone',
  'id_card',
  'bank_card',
  'category_id',
  'charge_fee',
  'tax_number',
  'invoice_name',
  'area_id',
  'floor',
  'residents_count',
  'original_account_no',
  'open_date',
  'status',
  'app_username',
  'remark',
  'created_at',
] as const;

/** Residents live in areas: the data scope of every resident route. */
export const RESIDENT_SCOPE = { areaColumn: 'area_id', field: 'areaId' } as const;

const toResident = (r: DbRow): Resident => ({
  id: Number(r.id),
  residentId: Number(r.id),
  residentCode: r.resident_code as string,
  residentName: r.resident_name as string,
  address: text(r.address),
  phone: text(r.phone),
  idCard: text(r.id_card),
  bankCard: text(r.bank_card),
  categoryId: intOrNull(r.category_id),
  categoryName: text(r.category_name),
  chargeFee: r.charge_fee as boolean,
  taxNumber: text(r.tax_number),
  invoiceName: text(r.invoice_name),
  areaId: intOrNull(r.area_id),
  areaName: text(r.area_name),
  regionId: intOrNull(r.region_id),
  regionName: text(r.region_name),
  floor: text(r.floor),
  residentsCount: intOrNull(r.residents_count),
  originalAccountNo: text(r.original_account_no),
  openDate: dateText(r.open_date),
  status: Number(r.status) as ResidentStatus,
  appUsername: text(r.app_username),
  meterCodes: (r.meter_codes as string[] | undefined) ?? [],
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
});

/** The next code of the company's resident rule that no resident holds yet (one may have been typed by hand). */
export const nextResidentCode = async (tx: Transaction<DB>, companyId: number, at: Date): Promise<string> => {
  for (let i = 0; i < 50; i++) {
    const code = await allocateCode(tx, companyId, 'resident', at);
    if (!(await residentCodeTaken(tx, companyId, code))) return code;
  }
  // 50 codes in a row typed by hand ahead of the rule: the rule needs moving on, the unique check will say so
  return allocateCode(tx, companyId, 'resident', at);
};

/** Letters and digits without look-alikes (0/O, 1/l/I), so a password read out over the phone is typed right. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
const randomPassword = (length = 10) =>
  Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');

const exists = (
  db: Kysely<DB> | Transaction<DB>,
  table: 'areas' | 'resident_categories',
  companyId: number,
  id: number,
) =>
  db
    .selectFrom(table)
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .executeTakeFirst()
    .then((r) => r !== undefined);

const refuse = (request: FastifyRequest, key: MessageKey, params?: Record<string, string | number>) => ({
  resp_code: BUSINESS_FAILURE_CODE,
  resp_msg: request.t(key, params),
  datas: null,
});

/** The residents of the ids inside the principal's scope, or a 404 when one is missing, foreign or outside it. */
export const residentsInScope = async (tx: Transaction<DB>, me: Principal, ids: number[]) => {
  const rows = await residentsByIds(tx, me.companyId, ids);
  const scope = scopeFilter(RESIDENT_SCOPE, me.scope);
  if (rows.length !== ids.length) throw notFound();
  for (const r of rows) if (!(await rowInScope(tx, 'residents', me.companyId, Number(r.id), scope))) throw notFound();
  return rows;
};

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const residentRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  registerResource(
    app,
    {
      name: 'resident',
      table: 'residents',
      columns: COLUMNS,
      paths: {
        list: path(CUSTOMER_PATHS.residents),
        save: path(CUSTOMER_PATHS.residentSave),
        update: path(CUSTOMER_PATHS.residentUpdate),
        exist: path(CUSTOMER_PATHS.residentExist),
        find: path(CUSTOMER_PATHS.resident(':id')),
      },
      scope: RESIDENT_SCOPE,
      permissions: {
        read: PERMISSIONS.dataResidentView,
        write: PERMISSIONS.dataResidentEdit,
        // the complaint intake and the work-order form pick the resident (issue 15)
        lookupBy: [PERMISSIONS.complaintEdit, PERMISSIONS.workOrderCreate],
      },
      schemas: { row: Resident, save: ResidentSave, filters: ResidentFilters },
      filters: {
        areaId: { column: 'area_id', match: 'eq' },
        categoryId: { column: 'category_id', match: 'eq' },
        residentCode: { column: 'resident_code', match: 'contains' },
        residentName: { column: 'resident_name', match: 'contains' },
        residentAddr: { column: 'address', match: 'contains' },
        phone: { column: 'phone', match: 'contains' },
        status: { column: 'status', match: 'eq' },
        // a resident's region is its area's
        regionId: {
          column: 'area_id',
          match: 'where',
          where: (value) => (eb) => inAreasOfRegions(eb, 't.area_id', [Number(value)]),
        },
        // a meter bound now whose code contains the text
        meterCode: {
          column: 'id',
          match: 'where',
          where: (value) => (eb) =>
            eb.exists(
              eb
                .selectFrom('resident_meters as fb')
                .innerJoin('water_meters as fm', (j) =>
                  j.onRef('fm.company_id', '=', 'fb.company_id').onRef('fm.id', '=', 'fb.meter_id'),
                )
                .select(sql.lit(1).as('one'))
                .whereRef('fb.company_id', '=', 't.company_id')
                .whereRef('fb.resident_id', '=', 't.id')
                .where('fb.unbound_at', 'is', null)
                .where('fm.meter_code', 'ilike', likePattern(String(value))),
            ),
        },
      },
      sortable: {
        residentCode: 'resident_code',
        residentName: 'resident_name',
        openDate: 'open_date',
        createTime: 'created_at',
      } satisfies Record<(typeof RESIDENT_SORT_FIELDS)[number], string>,
      defaultSort: [{ column: 'resident_code', order: 'asc' }],
      unique: [
        {
          field: 'residentCode',
          column: 'resident_code',
          message: 'resource.residentCode.exists',
          constraint: 'residents_code_uq',
        },
      ],
      operations: { create: 'residentCreate', update: 'residentUpdate', delete: 'residentDelete' },
      toRow: (r) => toResident(r),
      enrich: (a, companyId, rows) => enrichResidents(a.db, companyId, rows),
      validate: (body) => validateResident(body),
      beforeWrite: async ({ tx, me, body, existing, at }) => {
        // another tenant's area or category is as unknown as a missing one: the field is wrong, nothing written
        if (body.areaId && !(await exists(tx, 'areas', me.companyId, body.areaId))) throw badRequest('areaId');
        if (body.categoryId && !(await exists(tx, 'resident_categories', me.companyId, body.categoryId)))
          throw badRequest('categoryId');
        if (existing && body.status === RESIDENT_STATUS_CLOSED && Number(existing.status) !== RESIDENT_STATUS_CLOSED) {
          const open = (await bindingCounts(tx, me.companyId, [existing.id])).get(existing.id)?.open ?? 0;
          if (open > 0)
            return {
              key: 'resource.resident.closeBound',
              params: { code: String(existing.resident_code), count: open },
            };
        }
        // the code is generated here, inside the writing transaction, so toColumns writes it (same body object)
        if (!existing && !body.residentCode?.trim()) body.residentCode = await nextResidentCode(tx, me.companyId, at);
        return null;
      },
      toColumns: (body, mode, at) => ({
        ...(mode === 'create' || body.residentCode?.trim() ? { resident_code: body.residentCode?.trim() } : {}),
        resident_name: body.residentName.trim(),
        address: trimmedOrNull(body.address),
        phone: trimmedOrNull(body.phone),
        id_card: trimmedOrNull(body.idCard)?.toUpperCase() ?? null,
        bank_card: trimmedOrNull(body.bankCard),
        category_id: body.categoryId ?? null,
        charge_fee: body.chargeFee ?? true,
        tax_number: trimmedOrNull(body.taxNumber),
        invoice_name: trimmedOrNull(body.invoiceName),
        area_id: body.areaId ?? null,
        floor: trimmedOrNull(body.floor),
        residents_count: body.residentsCount ?? null,
        original_account_no: trimmedOrNull(body.originalAccountNo),
        open_date: body.openDate?.trim() || null,
        ...(body.status !== undefined || mode === 'create' ? { status: body.status ?? 1 } : {}),
        remark: trimmedOrNull(body.remark),
        updated_at: at,
      }),
      describe: (r) => `${String(r.resident_code ?? '')} ${String(r.resident_name ?? '')}`,
      export: residentExport,
      import: residentImport,
    },
    now,
  );

  app.post(
    path(CUSTOMER_PATHS.residentDeleteBatch),
    {
      config: { permission: PERMISSIONS.dataResidentEdit, operation: 'residentDelete' },
      schema: {
        tags: ['resident'],
        summary: 'Delete residents of the tenant, all or nothing',
        description:
          'A resident with a bound meter, or with a binding history (close it by clearance instead), refuses the whole batch: resp_code 1 naming it.',
        body: ResidentIdsBody,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const ids = request.body.ids;
      const at = now();
      const refusal = await app.db.transaction().execute(async (tx): Promise<Refusal | null> => {
        await lockResource(tx, 'residents', me.companyId);
        const rows = await residentsInScope(tx, me, ids);
        const counts = await bindingCounts(tx, me.companyId, ids);
        for (const r of rows) {
          const c = counts.get(Number(r.id));
          if (c && c.open > 0)
            return { key: 'resource.resident.hasMeters', params: { code: r.resident_code, count: c.open } };
          if (c && c.total > 0) return { key: 'resource.resident.hasHistory', params: { code: r.resident_code } };
        }
        await deleteResidents(tx, me.companyId, ids);
        for (const r of rows)
          await recordRequestOperation(tx, request, me, {
            operation: 'residentDelete',
            detail: `resident #${r.id} ${r.resident_code} ${r.resident_name}`,
            at,
          });
        return null;
      });
      if (refusal) return refuse(request, refusal.key, refusal.params);
      return ok(null, request.t('common.success'));
    },
  );

  app.post(
    path(CUSTOMER_PATHS.residentNextCode),
    {
      // consumes a number of the rule (like a save would); nothing else changes, so nothing is logged
      config: { permission: PERMISSIONS.dataResidentEdit },
      schema: {
        tags: ['resident'],
        summary: "The next resident code of the company's code rule (no resident holds it)",
        response: { 200: Result(Type.String()), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const code = await app.db.transaction().execute((tx) => nextResidentCode(tx, me.companyId, now()));
      return ok(code, request.t('common.success'));
    },
  );

  /** Creates or resets the app accounts of residents in one transaction; the passwords leave only in the answer. */
  const generateAccounts = async (request: FastifyRequest, ids: number[]): Promise<AppAccount[]> => {
    const me = app.principalOf(request);
    const at = now();
    const passwords = ids.map(() => randomPassword());
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    return app.db.transaction().execute(async (tx) => {
      await lockResource(tx, 'residents', me.companyId);
      const rows = await residentsInScope(tx, me, ids);
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const out: AppAccount[] = [];
      for (const [i, id] of ids.entries()) {
        const r = byId.get(id) as (typeof rows)[number];
        await setAppAccount(tx, me.companyId, id, r.resident_code, hashes[i] as string, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'residentAppAccount',
          detail: `resident #${id} ${r.resident_code}`,
          at,
        });
        out.push({
          residentId: id,
          residentCode: r.resident_code,
          username: r.resident_code,
          password: passwords[i] as string,
        });
      }
      return out;
    });
  };

  app.post(
    path(CUSTOMER_PATHS.appAccount),
    {
      config: { permission: PERMISSIONS.dataResidentEdit, operation: 'residentAppAccount' },
      schema: {
        tags: ['resident'],
        summary: "Create or reset a resident's app account (user name = resident code)",
        description: 'The random initial password is in this answer only; it is stored hashed and never logged.',
        body: ResidentIdBody,
        response: { 200: Result(AppAccount), ...errors },
      },
    },
    async (request) => {
      const [account] = await generateAccounts(request, [request.body.id]);
      return ok(account as AppAccount, request.t('common.success'));
    },
  );

  app.post(
    path(CUSTOMER_PATHS.appAccountBatch),
    {
      config: { permission: PERMISSIONS.dataResidentEdit, operation: 'residentAppAccount' },
      schema: {
        tags: ['resident'],
        summary: 'Create or reset the app accounts of several residents, all or nothing',
        description: 'The random initial passwords are in this answer only; stored hashed, never logged.',
        body: ResidentIdsBody,
        response: { 200: Result(Type.Array(AppAccount)), ...errors },
      },
    },
    async (request) => ok(await generateAccounts(request, request.body.ids), request.t('common.success')),
  );

  app.get(
    path(CUSTOMER_PATHS.residentWater),
    {
      config: { permission: PERMISSIONS.dataResidentView },
      schema: {
        tags: ['resident'],
        summary:
          "A resident's bound meters (without residentId: the tenant's, paged) with their last readings (readings arrive with issue 5: null until then)",
        querystring: ResidentWaterQuery,
        response: { 200: Result(Type.Array(ResidentWater)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { residentId, page: p, limit } = request.query;
      const rows = await app.db.transaction().execute(async (tx) => {
        if (residentId !== undefined) await residentsInScope(tx, me, [residentId]);
        return residentWater(tx, me.companyId, residentId, {
          offset: (p - 1) * limit,
          limit,
          scope: scopeFilter(RESIDENT_SCOPE, me.scope),
        });
      });
      return ok(
        rows.map((r) => ({
          residentId: Number(r.resident_id),
          meterId: Number(r.id),
          meterCode: r.meter_code,
          remoteCode: r.remote_code,
          boundAt: r.bound_at.toISOString(),
          lastReading: null,
          lastReadTime: null,
        })),
        request.t('common.success'),
      );
    },
  );
};
