// Database rows of collectors as the API shows them: the columns read, the names looked up for a page of rows
// (collector type, concentrator code, area) and the meter counts, and the conversion to the shared row.
import type { Collector } from '@waterops/shared/device';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import { metersUnder } from './collectorRepository.ts';
import { namesOf } from './concentratorRepository.ts';
import { dateText, intOrNull, isoOrNull, text } from './concentratorRows.ts';

export const COLLECTOR_COLUMNS = [
  'id',
  'collector_code',
  'link_kind',
  'collector_type_id',
  'concentrator_id',
  'area_id',
  'address',
  'ip',
  'port',
  'upload_frequency',
  'channel',
  'install_date',
  'online',
  'last_report_at',
  'remark',
  'created_at',
] as const;

export const enrichCollectors = async (db: Kysely<DB>, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const [types, concentrators, areas, meters] = await Promise.all([
    namesOf(
      db,
      companyId,
      'collector_types',
      rows.map((r) => r.collector_type_id),
    ),
    namesOf(
      db,
      companyId,
      'concentrators',
      rows.map((r) => r.concentrator_id),
    ),
    namesOf(
      db,
      companyId,
      'areas',
      rows.map((r) => r.area_id),
    ),
    metersUnder(
      db,
      companyId,
      rows.map((r) => Number(r.id)),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    collector_type_name: types.get(Number(r.collector_type_id)) ?? null,
    concentrator_code: concentrators.get(Number(r.concentrator_id)) ?? null,
    area_name: areas.get(Number(r.area_id)) ?? null,
    meter_count: meters.get(Number(r.id)) ?? 0,
  }));
};

export const toCollector = (r: DbRow): Collector => ({
  id: Number(r.id),
  collectorCode: String(r.collector_code),
  linkKind: Number(r.link_kind),
  collectorTypeId: intOrNull(r.collector_type_id),
  collectorTypeName: text(r.collector_type_name),
  concentratorId: intOrNull(r.concentrator_id),
  concentratorCode: text(r.concentrator_code),
  areaId: intOrNull(r.area_id),
  areaName: text(r.area_name),
  address: text(r.address),
  ip: text(r.ip),
  port: intOrNull(r.port),
  uploadFrequency: intOrNull(r.upload_frequency),
  channel: intOrNull(r.channel),
  installDate: dateText(r.install_date),
  online: Boolean(r.online),
  lastReportTime: isoOrNull(r.last_report_at),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
  meterCount: Number(r.meter_count ?? 0),
});
