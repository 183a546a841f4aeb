// Issue 19: leak events keep their identity however often the analysis runs.
// - `district_leak_events` is keyed by the data day its event was confirmed on (the detector is causal: a year
//   analysed at once and fed day by day confirm the same event on the same day), no longer by (kind, start day),
//   which a re-estimate could move; `first_detected_at` is when WaterOps first saw it (wall clock), beside the
//   estimated start day; status may be 'notConfirmed' (a rise that fell back within a week).
// - `districts.baseline_from` / `baseline_to`: a quiet period the detector learns the district's baseline from,
//   instead of its first three weeks.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await sql`alter table district_leak_events add column first_detected_at timestamptz`.execute(db);
  await sql`update district_leak_events set first_detected_at = updated_at`.execute(db);
  await sql`alter table district_leak_events alter column first_detected_at set not null, alter column first_detected_at set default now()`.execute(
    db,
  );
  // the old key allowed two events confirmed the same day (different kinds): keep the newest
  await sql`
    delete from district_leak_events e using district_leak_events f
    where e.company_id = f.company_id and e.district_id = f.district_id and e.detected_day = f.detected_day
      and e.id < f.id`.execute(db);
  await sql`drop index district_leak_events_uq`.execute(db);
  await sql`create unique index district_leak_events_uq on district_leak_events (company_id, district_id, detected_day)`.execute(
    db,
  );
  await sql`alter table districts add column baseline_from date, add column baseline_to date`.execute(db);
};
