// SQL of the users' home layouts (migration m0023): one row per user of a tenant, the HomeLayout as JSON.
import type { HomeLayout } from '@waterops/shared/dashboard';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';

/** The user's saved layout as stored (completeLayout makes it whole), or null when they never saved one. */
export const loadHomeLayout = async (db: Kysely<DB>, companyId: number, userId: number): Promise<HomeLayout | null> => {
  const row = await db
    .selectFrom('home_layouts')
    .select('layout')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  // pg parses jsonb; a driver handing back its text is read the same
  return (typeof row.layout === 'string' ? JSON.parse(row.layout) : row.layout) as HomeLayout;
};

/** Saves (replaces) the user's layout. */
export const saveHomeLayout = async (
  db: Kysely<DB>,
  companyId: number,
  userId: number,
  layout: HomeLayout,
  at: Date,
): Promise<void> => {
  const json = JSON.stringify(layout);
  await db
    .insertInto('home_layouts')
    .values({ company_id: companyId, user_id: userId, layout: json, updated_at: at })
    .onConflict((oc) => oc.columns(['company_id', 'user_id']).doUpdateSet({ layout: json, updated_at: at }))
    .execute();
};
