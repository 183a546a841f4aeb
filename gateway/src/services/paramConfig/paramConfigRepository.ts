// SQL of parameter config: read by group and code, write a batch, toggle, delete. Bounded by company_id throughout.
import type { ParamConfig, ParamConfigSave } from '@waterops/shared/catalogue';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, ParamConfigsTable } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const toParamConfig = (r: Selectable<ParamConfigsTable>): ParamConfig => ({
  id: Number(r.id),
  keyType: r.key_type,
  code: r.code,
  name: r.name,
  value: r.value,
  enabled: r.enabled,
  sort: r.sort,
  remark: r.remark,
  updateTime: r.updated_at.toISOString(),
});

const tenant = (db: Db, companyId: number) =>
  db.selectFrom('param_configs').selectAll().where('company_id', '=', companyId);

/** Every entry of the tenant (or of one group), by group, order and code. */
export const listParams = async (db: Db, companyId: number, keyType?: string) => {
  let q = tenant(db, companyId);
  if (keyType !== undefined) q = q.where('key_type', '=', keyType);
  return (await q.orderBy('key_type').orderBy('sort').orderBy('code').execute()).map(toParamConfig);
};

export const findParamByCode = async (db: Db, companyId: number, keyType: string, code: string) => {
  const row = await tenant(db, companyId).where('key_type', '=', keyType).where('code', '=', code).executeTakeFirst();
  return row ? toParamConfig(row) : null;
};

export const findParam = async (db: Db, companyId: number, id: number) => {
  const row = await tenant(db, companyId).where('id', '=', id).executeTakeFirst();
  return row ? toParamConfig(row) : null;
};

/** Whether another entry of the tenant holds the group + code. */
export const paramCodeTaken = async (db: Db, companyId: number, keyType: string, code: string, exceptId?: number) => {
  let q = db
    .selectFrom('param_configs')
    .select('id')
    .where('company_id', '=', companyId)
    .where('key_type', '=', keyType)
    .where('code', '=', code);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
};

const columns = (p: ParamConfigSave) => ({
  key_type: p.keyType.trim(),
  code: p.code.trim(),
  name: p.name.trim(),
  value: p.value?.trim() || null,
  ...(p.enabled === undefined ? {} : { enabled: p.enabled }),
  ...(p.sort === undefined ? {} : { sort: p.sort }),
  remark: p.remark?.trim() || null,
});

export const insertParam = async (tx: Transaction<DB>, companyId: number, p: ParamConfigSave, at: Date) =>
  Number(
    (
      await tx
        .insertInto('param_configs')
        .values({ company_id: companyId, ...columns(p), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  );

export const updateParam = async (tx: Transaction<DB>, companyId: number, id: number, p: ParamConfigSave, at: Date) =>
  tx
    .updateTable('param_configs')
    .set({ ...columns(p), updated_at: at })
    .where('company_id', '=', companyId)
    .where('id', '=', id)
    .execute();

export const setParamEnabled = async (db: Db, companyId: number, id: number, enabled: boolean, at: Date) =>
  Number(
    (
      await db
        .updateTable('param_configs')
        .set({ enabled, updated_at: at })
        .where('company_id', '=', companyId)
        .where('id', '=', id)
        .executeTakeFirst()
    ).numUpdatedRows,
  );

export const deleteParam = async (db: Db, companyId: number, id: number) =>
  Number(
    (await db.deleteFrom('param_configs').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst())
      .numDeletedRows,
  );
