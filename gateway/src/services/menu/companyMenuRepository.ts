// SQL of menus open / not open per company: a company's menu entries with their stored `opened`, whether a company
// is a child of the caller's, and storing a child's open set.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Every menu entry of a company, by sort then id. */
export const companyMenuRows = (db: Db, companyId: number) =>
  db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'name', 'name_en', 'type', 'permission', 'hidden', 'sort', 'opened'])
    .where('company_id', '=', companyId)
    .orderBy('sort')
    .orderBy('id')
    .execute();

/** The company `childId` when it was created by `parentId` (else undefined: the caller sees a 404). */
export const findChildCompany = (db: Db, parentId: number, childId: number) =>
  db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('id', '=', childId)
    .where('parent_id', '=', parentId)
    .executeTakeFirst();

/** The company's entries in `openIds` become open, every other one not open. */
export const storeOpened = async (tx: Transaction<DB>, companyId: number, openIds: readonly number[]) => {
  await tx.updateTable('menus').set({ opened: false }).where('company_id', '=', companyId).execute();
  if (openIds.length > 0)
    await tx
      .updateTable('menus')
      .set({ opened: true })
      .where('company_id', '=', companyId)
      .where('id', 'in', [...openIds])
      .execute();
};

export const companyUserIds = async (db: Db, companyId: number): Promise<number[]> =>
  (await db.selectFrom('users').select('id').where('company_id', '=', companyId).execute()).map((u) => Number(u.id));
