// The data of the live benchmark, prepared in a data folder (PGlite) or a database (DATABASE_URL) by an app in THIS
// process, closed before the measured gateway process opens the same database: the registry benchmark's meters (all
// in use), an ingestion key to raise alarms through the ingestion API, and optionally a topic's worth of live alarms
// inserted with SQL (one per meter, active and unacknowledged: each can be acknowledged once during the run).
import { createIngestKey } from '@waterops/gateway/src/services/ingest/ingestKeyRepository.ts';
import { sql } from 'kysely';
import { openBenchApp } from './benchApp.ts';
import { BATCH_METERS, buildRegistryData } from './registryData.ts';

export type LiveData = {
  companyId: number;
  /** `Authorization: Device <key>` for the ingestion API */
  ingestKey: string;
  /** body codes of the meters, in generation order */
  meterCodes: string[];
  /** ids of the inserted live alarms */
  alarmIds: number[];
  setupS: number;
};

/** The registry benchmark's body code of meter g (see registryData.ts). */
export const meterCode = (g: number): string =>
  `WM${String(Math.floor(g / BATCH_METERS)).padStart(4, '0')}${String(g % BATCH_METERS).padStart(6, '0')}`;

export const prepareLiveData = async (
  env: Record<string, string>,
  size: { meters: number; alarms: number },
): Promise<LiveData> => {
  const started = performance.now();
  const { app, companyId } = await openBenchApp(env);
  try {
    await buildRegistryData(app.db, companyId, {
      meters: size.meters,
      regions: 2,
      areasPerRegion: Math.max(1, Math.min(50, Math.ceil(size.meters / 200))),
    });
    // a fiftieth of the registry data's meters are not in use; ingestion refuses those
    await sql`update water_meters set used = true where company_id = ${companyId}`.execute(app.db);
    const { key } = await createIngestKey(app.db, { companyId, name: 'live bench' });
    let alarmIds: number[] = [];
    if (size.alarms > 0) {
      // levels in the mix the handbook aims at (5 % urgent, 15 % severe, the rest alarm); raised over the last day
      const inserted = await sql<{ id: string | number }>`
        insert into alarms (company_id, alarm_type, level, source_kind, source_id, source_code, area_id, value,
                            threshold, raised_at)
        select m.company_id, (array['voltage', 'csq', 'rsrp'])[1 + m.k % 3],
               case when m.k % 20 = 0 then 'urgent' when m.k % 7 = 0 then 'severe' else 'alarm' end,
               'meter', m.id, m.meter_code, m.area_id, 3.3, 3.4, now() - m.k * interval '8 seconds'
        from (select w.*, row_number() over (order by w.id) - 1 as k from water_meters w
              where w.company_id = ${companyId}) m
        where m.k < ${size.alarms}
        returning id`.execute(app.db);
      alarmIds = inserted.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    }
    await sql`vacuum analyze`.execute(app.db);
    return {
      companyId,
      ingestKey: key,
      meterCodes: Array.from({ length: size.meters }, (_, g) => meterCode(g)),
      alarmIds,
      setupS: Math.round(performance.now() - started) / 1000,
    };
  } finally {
    await app.close();
  }
};
