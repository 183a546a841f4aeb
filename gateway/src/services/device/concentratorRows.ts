// Database rows of concentrators as the API shows them: the columns read, the names looked up for a page of rows in
// one query each (area, manufacturer) and the counts of what hangs on each, and the conversion to the shared row.
import type { Concentrator } from '@waterops/shared/device';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { DbRow } from '../resource/resourceRepository.ts';
import { devicesUnder, namesOf } from './concentratorRepository.ts';

export const CONCENTRATOR_COLUMNS = [
  'id',
  'concentrator_code',
  'name',
  'manufacturer_id',
  'area_id',
  'address',
  'ip',
  'port',
  'sim_card',
  'report_rate',
  'install_date',
  'used',
  'lng',
  'lat',
  'online',
  'last_report_at',
  'remark',
  'created_at',
] as const;

export const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
export const intOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const isoOrNull = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);

const pad = (n: number) => String(n).padStart(2, '0');

/** A DATE column as YYYY-MM-DD whichever way the driver handed it over (string, UTC or local midnight). */
export const dateText = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (!(v instanceof Date)) return String(v).slice(0, 10);
  if (v.getUTCHours() === 0 && v.getUTCMinutes() === 0) return v.toISOString().slice(0, 10);
  return `${v.getFullYear()}-${pad(v.getMonth() + 1)}-${pad(v.getDate())}`;
};

/** Adds area and manufacturer names and the collector / meter counts to a page of rows. */
export const enrichConcentrators = async (db: Kysely<DB>, companyId: number, rows: DbRow[]): Promise<DbRow[]> => {
  const [areas, makers, under] = await Promise.all([
    namesOf(
      db,
      companyId,
      'areas',
      rows.map((r) => r.area_id),
    ),
    namesOf(
      db,
      companyId,
      'manufacturers',
      rows.map((r) => r.manufacturer_id),
    ),
    devicesUnder(
      db,
      companyId,
      rows.map((r) => Number(r.id)),
    ),
  ]);
  return rows.map((r) => ({
    ...r,
    area_name: areas.get(Number(r.area_id)) ?? null,
    manufacturer_name: makers.get(Number(r.manufacturer_id)) ?? null,
    collector_count: under.get(Number(r.id))?.collectors ?? 0,
    meter_count: under.get(Number(r.id))?.meters ?? 0,
  }));
};

export const toConcentrator = (r: DbRow): Concentrator => ({
  id: Number(r.id),
  concentratorCode: String(r.concentrator_code),
  name: text(r.name),
  manufacturerId: intOrNull(r.manufacturer_id),
  manufacturerName: text(r.manufacturer_name),
  areaId: intOrNull(r.area_id),
  areaName: text(r.area_name),
  address: text(r.address),
  ip: text(r.ip),
  port: intOrNull(r.port),
  simCard: text(r.sim_card),
  reportRate: intOrNull(r.report_rate),
  installDate: dateText(r.install_date),
  used: Boolean(r.used),
  lng: intOrNull(r.lng),
  lat: intOrNull(r.lat),
  online: Boolean(r.online),
  lastReportTime: isoOrNull(r.last_report_at),
  remark: text(r.remark),
  createTime: (r.created_at as Date).toISOString(),
  collectorCount: Number(r.collector_count ?? 0),
  meterCount: Number(r.meter_count ?? 0),
});
