// Body codes sort and match in byte order (collation "C"): they are ASCII letters and digits, whose natural order
// that is. On a PostgreSQL whose default collation is not C (en_US.UTF-8, zh_CN.UTF-8, C.UTF-8), `meter_code like
// 'WM0074%'` could not use the unique b-tree and the list's `order by meter_code` could not use the prefix index:
// a late prefix walked the whole code index (80 ms a page at 1,000,000 meters, BENCHMARKS.md "Registry"). Under
// "C" the unique index serves prefix, order and uniqueness, and the text_pattern_ops index of 0011 can go. PGlite's
// database is C already: there this changes nothing but the index list.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await sql`alter table water_meters alter column meter_code type text collate "C"`.execute(db);
  await db.schema.dropIndex('water_meters_code_prefix_idx').execute();
};
