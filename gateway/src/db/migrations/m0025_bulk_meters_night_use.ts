// Issue 19 items 6 and 7.
// - `water_meters.meter_kind`: what a meter measures. 'household' (a customer's meter, every meter so far) lives in a
//   residential area; the bulk kinds — 'district' (a DMA inlet or outlet), 'bulk' (bulk supply, a large customer)
//   and 'pump' (a pumping station) — need no area and no resident, and stay out of per-household figures.
// - `districts.night_use_m3h`: the district's legitimate night use stated directly in m³/h; when set it wins over
//   connections × the per-connection rate. Frozen: the kinds are written out here, not imported.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

export const up = async (db: AnyDb): Promise<void> => {
  await sql`
    alter table water_meters
      add column meter_kind text not null default 'household',
      add constraint water_meters_kind_ck check (meter_kind in ('household', 'district', 'bulk', 'pump'))`.execute(db);
  // the list's kind filter and the per-household figures that leave bulk meters out
  await sql`create index water_meters_kind_idx on water_meters (company_id, meter_kind)`.execute(db);
  await sql`alter table districts add column night_use_m3h numeric`.execute(db);
};
