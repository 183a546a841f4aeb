// The alarm-load panel counts annunciations (each raise and re-raise of an alarm, alarm_events) over the last 24 h:
// an index on when they sounded, so the panel reads a day of them, not the tenant's whole event history. The usage
// job asks of each meter whether others hang under it (a bulk meter, no continuous-flow alarm): an index on the
// parent, so that is a probe, not a scan of every meter.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await sql`create index alarm_events_sounded_idx on alarm_events (company_id, at)
    where action in ('raised', 'reraised')`.execute(db);
  await sql`create index water_meters_parent_idx on water_meters (company_id, parent_meter_id)
    where parent_meter_id is not null`.execute(db);
};
