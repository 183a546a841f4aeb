// Issue 19: an alarm's history records each level change of an open alarm (action 'levelChanged') with the level
// before and after and the value and limit that moved it. Other events leave these columns null. `action` is free
// text (no check constraint), so the new kind itself needs nothing here.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await sql`
    alter table alarm_events
      add column from_level text,
      add column to_level text,
      add column value numeric,
      add column threshold numeric`.execute(db);
};
