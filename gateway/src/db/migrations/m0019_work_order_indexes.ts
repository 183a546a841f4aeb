// Indexes for the work-order list and statistics at a million orders (BENCHMARKS.md "Work orders"). The rows of a
// page were already cheap; what read the whole tenant was the page's count and the statistics:
// - the list's keyword (code, title, address, contact — `contains`): a trigram index on the one expression the
//   repository matches (KEYWORD_TEXT in workOrderRepository.ts; keep the two identical), where the pg_trgm extension
//   is available — PostgreSQL's contrib, and PGlite, which loads it (openDatabase.ts). Without it the keyword scans,
//   as before;
// - a data scope's "orders I created" arm, so the scope's OR can combine indexes instead of reading every order;
// - a team, and a status with a type, for the counts of those filters (the history of a team, closed meter faults)
//   and the statistics by team and the open orders by type (index-only);
// - the completion time, for the statistics' completed-per-day trend and completions by team in a range.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  // installed already, or available and ours to create (a trusted extension needs CREATE on the database only)
  const trgm = await sql<{ usable: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm')
      or (exists (select 1 from pg_available_extension_versions v where v.name = 'pg_trgm'
                  and (v.trusted or (select rolsuper from pg_roles where rolname = current_user)))
          and has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
  if (trgm.rows[0]?.usable) {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index work_orders_keyword_trgm on work_orders using gin ((code || chr(31) || title || chr(31)
      || coalesce(address, '') || chr(31) || coalesce(contact_name, '') || chr(31) || coalesce(contact_phone, ''))
      gin_trgm_ops)`.execute(db);
  }
  await sql`create index work_orders_creator_idx on work_orders (company_id, creator_id)
    where creator_id is not null`.execute(db);
  await sql`create index work_orders_department_idx on work_orders (company_id, department_id)`.execute(db);
  await sql`create index work_orders_type_idx on work_orders (company_id, status, type)`.execute(db);
  await sql`create index work_orders_completed_idx on work_orders (company_id, completed_at)
    where completed_at is not null`.execute(db);
};
