// One registration for a tenant resource: from a descriptor it adds list / save / update / delete / exist routes
// with tenant scoping (company_id from the token in every statement; another tenant's id answers 404),
// permissions, uniqueness checked inside the writing transaction (business failure resp_code 1 with the
// message), schema-validated bodies (400 naming the field, nothing written) and an operation-log entry per change;
// with `export` / `import` sections also the spreadsheet routes (resourceSheets.ts), on the same list query and
// the same save path.
import { type Static, type TObject, Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  ExistQuery,
  IdParams,
  ok,
  PageQuery,
  PageResult,
  page,
  Result,
  SortQuery,
} from '@waterops/shared/api';
import type { Locale, MessageKey } from '@waterops/shared/i18n';
import type { Operation, RuleViolation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { type FilterSpec, filterConditions, type SortTerm, sortTerms } from './resourceQuery.ts';
import {
  type DbRow,
  deleteRow,
  findRow,
  insertRow,
  type ListCondition,
  listRows,
  lockResource,
  type ResourceTable,
  updateRow,
  valueTaken,
} from './resourceRepository.ts';
import { rowInScope, type ScopeSpec, scopeConditions, scopeFilter } from './resourceScope.ts';
import { type ExportSpec, type ImportSpec, registerSheets } from './resourceSheets.ts';

/** A refusal by a business rule: answered HTTP 200 with resp_code 1 and the message. */
export type Refusal = { key: MessageKey; params?: Record<string, string | number> };

export type WriteContext<B> = {
  tx: Transaction<DB>;
  me: Principal;
  body: B;
  /** the row before an update; undefined on create */
  existing: DbRow | undefined;
  at: Date;
};

export type UniqueField<B> = {
  /** the body / exist field */
  field: keyof B & string;
  /** the column in the resource's table; ignored when `taken` is given */
  column: string;
  /** the 'already exists' message */
  message: MessageKey;
  /** the database constraint behind the rule: its violation (a race the check could not see) answers the message */
  constraint?: string;
  /** a check elsewhere than this tenant's table (user names are unique across tenants) */
  taken?: (tx: Transaction<DB>, companyId: number, value: string, exceptId: number | undefined) => Promise<boolean>;
  /** unique only among rows with the same value in `column` (body / exist field `field`): names among siblings */
  within?: { field: keyof B & string; column: string };
};

export type ResourceDescriptor<R extends TObject, S extends TObject, F extends TObject> = {
  /** tag in the API docs and word in log details: 'role', 'user' */
  name: string;
  table: ResourceTable;
  /** the columns read for a row (never a secret such as password_hash unless toRow drops it) */
  columns: readonly string[];
  /** paths relative to the service prefix; a missing path is not registered */
  paths: {
    list?: string;
    saveOrUpdate?: string;
    save?: string;
    update?: string;
    delete?: string;
    exist?: string;
    /** GET one row by the path's `:id` (Result of the row) */
    find?: string;
    /** the list again under a second path: a selector's search (spec §7 findListByAreaName) */
    search?: string;
  };
  /** how `paths.delete` takes the id: DELETE …/:id (default), GET …?id (spec deleteRegion) or POST {id} */
  deleteMethod?: 'DELETE' | 'GET' | 'POST';
  /** data scope: which columns hold the row's area / region; a scoped principal reads and writes only inside it */
  scope?: ScopeSpec;
  permissions: {
    read: string;
    write: string;
    /** pages that select from the list (region selector on the area page): their permission reads list and search */
    lookupBy?: readonly string[];
  };
  schemas: {
    row: R;
    /** the save body: `id` (optional) plus the editable fields */
    save: S;
    /** list filters (querystring, besides page/limit/sort/order) */
    filters: F;
  };
  filters: FilterSpec;
  /** list field → column */
  sortable: Record<string, string>;
  defaultSort: readonly SortTerm[];
  unique: UniqueField<Static<S>>[];
  operations: { create: Operation; update: Operation; delete: Operation };
  toRow(row: DbRow, locale: Locale): Static<R>;
  /** adds computed columns to a page of rows (user counts…) with one query */
  enrich?(app: TypedApp, companyId: number, rows: DbRow[]): Promise<DbRow[]>;
  /** spec §5 rules with their messages: a violation answers 400 with that message and field */
  validate?(body: Static<S>, mode: 'create' | 'update'): RuleViolation[];
  /** the columns to write (never company_id or id: those come from the token and the path) */
  toColumns(
    body: Static<S>,
    mode: 'create' | 'update',
    at: Date,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  beforeWrite?(ctx: WriteContext<Static<S>>): Promise<Refusal | null>;
  afterWrite?(ctx: WriteContext<Static<S>> & { id: number }): Promise<void>;
  beforeDelete?(ctx: Omit<WriteContext<null>, 'body'> & { existing: DbRow }): Promise<Refusal | null>;
  afterCommit?(app: TypedApp, companyId: number, id: number, change: 'create' | 'update' | 'delete'): void;
  /** what the log says about a row (names and codes, never a secret) */
  describe(row: DbRow | Record<string, unknown>): string;
  /** GET <list>/export: the list's rows (same filters, sort, tenant, scope) as .xlsx */
  export?: ExportSpec<Static<R>>;
  /** GET <list>/import/template, POST <list>/import (a job saving each row through the save path), job, failures */
  import?: ImportSpec<Static<S>>;
};

/** Who writes: the signed-in principal and their address (for the log); an import job keeps its starter's. */
export type Actor = { me: Principal; ip: string };

/** What the spreadsheet routes take from a registration, so they share its list query and save path. */
export type ResourceKit<S extends TObject> = {
  /** the list's WHERE conditions and ORDER BY from a request's query (a bad sort field: 400) */
  listCriteria(request: FastifyRequest): { conditions: ListCondition[]; sort: SortTerm[] };
  /** the descriptor's enrich (computed columns), or the rows as they are */
  enrich(companyId: number, rows: DbRow[]): Promise<DbRow[]>;
  /** the save path: rules (400 thrown), uniqueness and business refusals (returned), write, log, afterCommit */
  saveRecord(actor: Actor, body: Static<S>, mode: 'create' | 'update'): Promise<{ saved?: DbRow; refusal?: Refusal }>;
};

const idOf = (body: unknown): number | undefined => {
  const id = (body as { id?: unknown }).id;
  return typeof id === 'number' ? id : undefined;
};

const trimmed = (v: unknown): unknown => (typeof v === 'string' ? v.trim() : v);

/** Registers the routes of one resource on a service (its prefix already applied). */
export const registerResource = <R extends TObject, S extends TObject, F extends TObject>(
  app: TypedApp,
  d: ResourceDescriptor<R, S, F>,
  now: () => Date,
): void => {
  type Body = Static<S>;
  const tags = [d.name];
  const sortFields = Object.keys(d.sortable);
  const uniqueFields = d.unique.map((u) => u.field);
  const savedResult = Result(Type.Union([d.schemas.row, Type.Null()]));
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const read = { permission: d.permissions.read };
  const lookup = { permission: d.permissions.read, alsoPermitted: d.permissions.lookupBy ?? [] };
  const write = { permission: d.permissions.write };

  const businessFailure = (request: FastifyRequest, r: Refusal) => ({
    resp_code: BUSINESS_FAILURE_CODE,
    resp_msg: request.t(r.key, r.params),
    datas: null,
  });

  /** Runs a write; a unique violation of a constraint a unique field names becomes that field's refusal. */
  const writeOrRefuse = async <T>(work: (tx: Transaction<DB>) => Promise<T>): Promise<T | { refusal: Refusal }> => {
    try {
      return await app.db.transaction().execute(work);
    } catch (e) {
      const err = e as { code?: string; constraint?: string };
      const u =
        err.code === '23505' ? d.unique.find((x) => x.constraint && x.constraint === err.constraint) : undefined;
      if (u) return { refusal: { key: u.message } };
      throw e;
    }
  };

  const toRows = async (companyId: number, rows: DbRow[]) => (d.enrich ? d.enrich(app, companyId, rows) : rows);

  /** One place for "which rows does this list request mean": the list page and the export both use it. */
  const listCriteria = (request: FastifyRequest) => {
    const me = app.principalOf(request);
    const q = request.query as Record<string, unknown> & { sort?: string; order?: 'asc' | 'desc' };
    const sort = sortTerms(d.sortable, d.defaultSort, q.sort, q.order);
    if (!sort) throw badRequest('sort');
    return { conditions: [...filterConditions(d.filters, q), ...scopeConditions(d.scope, me.scope)], sort };
  };

  /** Whether the principal may see an existing row of the tenant (data scope); out of scope answers 404. */
  const inScope = (db: Transaction<DB>, me: Principal, id: number) =>
    rowInScope(db, d.table, me.companyId, id, scopeFilter(d.scope, me.scope));

  for (const listUrl of [d.paths.list, d.paths.search]) {
    if (!listUrl) continue;
    const querystring = Type.Composite([PageQuery, d.schemas.filters, SortQuery(sortFields)]);
    app.route({
      method: 'GET',
      url: listUrl,
      config: lookup,
      schema: {
        tags,
        summary: `One page of the tenant's ${d.name}s (filters, sort, page, limit ≤ 999, default 50)`,
        querystring,
        response: { 200: PageResult(d.schemas.row), ...errors },
      },
      handler: async (request) => {
        const me = app.principalOf(request);
        const q = request.query as Record<string, unknown> & {
          page: number;
          limit: number;
          sort?: string;
          order?: 'asc' | 'desc';
        };
        const { conditions, sort } = listCriteria(request);
        const { rows, count } = await listRows(app.db, d.table, d.columns, me.companyId, {
          conditions,
          sort,
          offset: (q.page - 1) * q.limit,
          limit: q.limit,
        });
        const data = (await toRows(me.companyId, rows)).map((r) => d.toRow(r, request.locale));
        return page(data, count, request.t('common.success'));
      },
    });
  }

  const withinFields = [...new Set(d.unique.flatMap((u) => (u.within ? [u.within.field] : [])))];
  const existQuery = withinFields.length
    ? Type.Composite([
        ExistQuery(uniqueFields),
        Type.Object(Object.fromEntries(withinFields.map((f) => [f, Type.Optional(Type.Integer({ minimum: 0 }))]))),
      ])
    : ExistQuery(uniqueFields);

  if (d.paths.exist) {
    app.route({
      method: 'GET',
      url: d.paths.exist,
      config: read,
      schema: {
        tags,
        summary: `Whether a ${d.name} of the tenant other than \`id\` already holds the value (datas: true | false)`,
        querystring: existQuery,
        response: { 200: Result(Type.Boolean()), ...errors },
      },
      handler: async (request) => {
        const me = app.principalOf(request);
        const q = request.query as { field: string; value: string; id?: number } & Record<string, unknown>;
        const u = d.unique.find((x) => x.field === q.field);
        if (!u) throw badRequest('field');
        const value = q.value.trim();
        const within = u.within ? { column: u.within.column, value: q[u.within.field] ?? 0 } : undefined;
        const taken = await app.db
          .transaction()
          .execute((tx) =>
            u.taken
              ? u.taken(tx, me.companyId, value, q.id)
              : valueTaken(tx, d.table, me.companyId, u.column, value, q.id, within),
          );
        return ok(taken, request.t('common.success'));
      },
    });
  }

  /** Creates (no id) or updates (id) in one transaction; the saved row, a refusal, or a thrown 400/404. */
  const saveRecord = async ({ me, ip }: Actor, body: Body, mode: 'create' | 'update') => {
    const violation = d.validate?.(body, mode)[0];
    if (violation) throw new AppError(400, violation.message, violation.field);
    const id = idOf(body);
    const at = now();
    const outcome = await writeOrRefuse(async (tx) => {
      await lockResource(tx, d.table, me.companyId);
      const existing =
        mode === 'update' ? await findRow(tx, d.table, d.columns, me.companyId, id as number) : undefined;
      if (mode === 'update' && (!existing || !(await inScope(tx, me, id as number)))) throw notFound();
      for (const u of d.unique) {
        const value = trimmed(body[u.field]);
        if (value === undefined || value === null || value === '') continue;
        const taken = u.taken
          ? await u.taken(tx, me.companyId, String(value), id)
          : await valueTaken(
              tx,
              d.table,
              me.companyId,
              u.column,
              value,
              id,
              u.within ? { column: u.within.column, value: body[u.within.field] } : undefined,
            );
        if (taken) return { refusal: { key: u.message } satisfies Refusal };
      }
      const ctx = { tx, me, body, existing, at };
      const refusal = await d.beforeWrite?.(ctx);
      if (refusal) return { refusal };
      const values = await d.toColumns(body, mode, at);
      let savedId: number;
      if (mode === 'create') savedId = await insertRow(tx, d.table, me.companyId, values);
      else {
        savedId = id as number;
        await updateRow(tx, d.table, me.companyId, savedId, values);
      }
      await d.afterWrite?.({ ...ctx, id: savedId });
      // a scoped principal may not create or move a row outside its scope: roll back, name the scope field
      if (!(await inScope(tx, me, savedId))) throw new AppError(400, 'resource.scope.outside', d.scope?.field);
      const saved = (await findRow(tx, d.table, d.columns, me.companyId, savedId)) as DbRow;
      await recordRequestOperation(tx, { ip }, me, {
        operation: mode === 'create' ? d.operations.create : d.operations.update,
        detail: `${d.name} #${savedId} ${d.describe(saved)}`,
        at,
      });
      return { saved, refusal: undefined };
    });
    if (outcome.refusal) return { refusal: outcome.refusal };
    const saved = outcome.saved as DbRow;
    d.afterCommit?.(app, me.companyId, saved.id, mode);
    return { saved };
  };

  const save = async (request: FastifyRequest, body: Body, mode: 'create' | 'update') => {
    const me = app.principalOf(request);
    const outcome = await saveRecord({ me, ip: request.ip }, body, mode);
    if (outcome.refusal) return businessFailure(request, outcome.refusal);
    const saved = outcome.saved as DbRow;
    const [row] = await toRows(me.companyId, [saved]);
    return ok(d.toRow(row as DbRow, request.locale), request.t('common.success'));
  };

  const saveRoute = (url: string, mode: 'create' | 'update' | 'either', summary: string) =>
    app.route({
      method: 'POST',
      url,
      // names a failed attempt in the operation log; 'either' decides by the body, so create stands for both
      config: { ...write, operation: mode === 'update' ? d.operations.update : d.operations.create },
      schema: {
        tags,
        summary,
        description: 'A value another record already holds answers HTTP 200 with resp_code 1 and the message.',
        body: d.schemas.save,
        response: { 200: savedResult, ...errors },
      },
      handler: async (request) => {
        const body = request.body as Body;
        const hasId = idOf(body) !== undefined;
        if (mode === 'update' && !hasId) throw badRequest('id');
        return save(request, body, mode === 'either' ? (hasId ? 'update' : 'create') : mode);
      },
    });

  if (d.paths.saveOrUpdate)
    saveRoute(d.paths.saveOrUpdate, 'either', `Create a ${d.name} (no id) or update one of the tenant (id)`);
  if (d.paths.save) saveRoute(d.paths.save, 'create', `Create a ${d.name}`);
  if (d.paths.update) saveRoute(d.paths.update, 'update', `Update a ${d.name} of the tenant`);

  if (d.paths.find) {
    app.route({
      method: 'GET',
      url: d.paths.find,
      config: read,
      schema: {
        tags,
        summary: `One ${d.name} of the tenant`,
        params: IdParams,
        response: { 200: savedResult, ...errors },
      },
      handler: async (request) => {
        const me = app.principalOf(request);
        const { id } = request.params as Static<typeof IdParams>;
        const row = await app.db.transaction().execute(async (tx) => {
          const found = await findRow(tx, d.table, d.columns, me.companyId, id);
          return found && (await inScope(tx, me, id)) ? found : undefined;
        });
        if (!row) throw notFound();
        const [enriched] = await toRows(me.companyId, [row]);
        return ok(d.toRow(enriched as DbRow, request.locale), request.t('common.success'));
      },
    });
  }

  if (d.paths.delete) {
    // where the id comes from: the path (DELETE …/:id), the query (GET …?id) or the JSON body (POST {id})
    const deleteMethod = d.deleteMethod ?? 'DELETE';
    const idPart =
      deleteMethod === 'DELETE'
        ? { params: IdParams }
        : deleteMethod === 'GET'
          ? { querystring: IdParams }
          : { body: IdParams };
    app.route({
      method: deleteMethod,
      url: d.paths.delete,
      config: { ...write, operation: d.operations.delete },
      schema: {
        tags,
        summary: `Delete a ${d.name} of the tenant`,
        description: 'A business rule refusing the deletion answers HTTP 200 with resp_code 1 and the message.',
        ...idPart,
        response: { 200: Result(Type.Null()), ...errors },
      },
      handler: async (request) => {
        const me = app.principalOf(request);
        const { id } = (
          deleteMethod === 'DELETE' ? request.params : deleteMethod === 'GET' ? request.query : request.body
        ) as Static<typeof IdParams>;
        const at = now();
        const refusal = await app.db.transaction().execute(async (tx) => {
          await lockResource(tx, d.table, me.companyId);
          const existing = await findRow(tx, d.table, d.columns, me.companyId, id);
          if (!existing || !(await inScope(tx, me, id))) throw notFound();
          const refused = await d.beforeDelete?.({ tx, me, existing, at });
          if (refused) return refused;
          await deleteRow(tx, d.table, me.companyId, id);
          await recordRequestOperation(tx, request, me, {
            operation: d.operations.delete,
            detail: `${d.name} #${id} ${d.describe(existing)}`,
            at,
          });
          return null;
        });
        if (refusal) return businessFailure(request, refusal);
        d.afterCommit?.(app, me.companyId, id, 'delete');
        return ok(null, request.t('common.success'));
      },
    });
  }

  if (d.export || d.import) registerSheets(app, d, { listCriteria, enrich: toRows, saveRecord }, now);
};
