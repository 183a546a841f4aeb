// The catalogue part of an archive sync: manufacturers, meter models (表型) and collector types a head-end hands over
// are created when the tenant has none of that name (existing entries are left as the catalogue pages keep them),
// and the devices of the sync find theirs by name — a model also gives its meter the model's manufacturer.
import type { Archives } from '@waterops/shared/reading';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Tx = Transaction<DB>;
export type CatalogueCounts = { manufacturers: number; meterModels: number; collectorTypes: number };
export type CatalogueLookup = {
  manufacturers: Map<string, number>;
  models: Map<string, { id: number; manufacturerId: number | null }>;
  collectorTypes: Map<string, number>;
};

const byName = async (tx: Tx, table: 'manufacturers' | 'meter_models' | 'collector_types', companyId: number) => {
  const column = table === 'manufacturers' ? 'name' : 'type_name';
  const rows = await sql<{ id: number | string; name: string; manufacturer_id: number | string | null }>`
    select id, ${sql.ref(column)} as name, ${sql.raw(table === 'meter_models' ? 'manufacturer_id' : 'null')} as manufacturer_id
      from ${sql.table(table)} where company_id = ${companyId}`.execute(tx);
  return rows.rows;
};

/** Creates the sync's new catalogue entries; answers every entry of the tenant by name, and how many were new. */
export const syncArchiveCatalogue = async (
  tx: Tx,
  companyId: number,
  a: Archives,
): Promise<{ lookup: CatalogueLookup; created: CatalogueCounts }> => {
  const created: CatalogueCounts = { manufacturers: 0, meterModels: 0, collectorTypes: 0 };
  const manufacturers = new Map((await byName(tx, 'manufacturers', companyId)).map((r) => [r.name, Number(r.id)]));
  for (const m of a.manufacturers ?? [])
    if (!manufacturers.has(m.name)) {
      const row = await tx
        .insertInto('manufacturers')
        .values({ company_id: companyId, name: m.name, contact: m.contact ?? null, phone: m.phone ?? null })
        .returning('id')
        .executeTakeFirstOrThrow();
      manufacturers.set(m.name, Number(row.id));
      created.manufacturers++;
    }
  // a model or type naming a manufacturer nobody registered keeps none rather than failing the sync
  const maker = (name: string | undefined) => (name ? (manufacturers.get(name) ?? null) : null);
  const models = new Map(
    (await byName(tx, 'meter_models', companyId)).map((r) => [
      r.name,
      { id: Number(r.id), manufacturerId: r.manufacturer_id === null ? null : Number(r.manufacturer_id) },
    ]),
  );
  for (const m of a.meterModels ?? [])
    if (!models.has(m.name)) {
      const manufacturerId = maker(m.manufacturer);
      const row = await tx
        .insertInto('meter_models')
        .values({
          company_id: companyId,
          type_name: m.name,
          manufacturer_id: manufacturerId,
          meter_kind: m.meterKind ?? 1,
          caliber: m.caliber ?? null,
          valve_control: m.valveControl ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      models.set(m.name, { id: Number(row.id), manufacturerId });
      created.meterModels++;
    }
  const collectorTypes = new Map((await byName(tx, 'collector_types', companyId)).map((r) => [r.name, Number(r.id)]));
  for (const c of a.collectorTypes ?? [])
    if (!collectorTypes.has(c.name)) {
      const row = await tx
        .insertInto('collector_types')
        .values({
          company_id: companyId,
          type_name: c.name,
          link_kind: c.linkKind ?? 1,
          manufacturer_id: maker(c.manufacturer),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      collectorTypes.set(c.name, Number(row.id));
      created.collectorTypes++;
    }
  return { lookup: { manufacturers, models, collectorTypes }, created };
};
