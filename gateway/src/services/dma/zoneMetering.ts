// The water balance of districts for a month, from the repositories and the pure figures: one query for the
// day-end registers of every inlet and outlet meter asked and one for the billed consumption of every district asked
// (no query per district), then computeWaterBalance per district.
import type { WaterBalance, WaterBalanceInput, ZoneMeteringRow } from '@waterops/shared/dma';
import type { DataScope } from '@waterops/shared/place';
import { addDays, addMonths, daysBetween } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';
import { visibleDistrictIds } from './districtRepository.ts';
import { loadLossRateParams } from './dmaParams.ts';
import { openEventCounts } from './leakEventRepository.ts';
import { type DistrictInfo, districtMeters, latestNightlines, loadDistricts } from './nightFlowRepository.ts';
import { computeWaterBalance } from './waterBalance.ts';
import { billedByDistrict, dayEndRegisters } from './waterStatisticsRepository.ts';
import { districtSupplied, meterVolumes, type SuppliedFigures, waterBalanceInput } from './zoneMeteringFigures.ts';

export type DistrictMonth = {
  district: DistrictInfo;
  input: WaterBalanceInput;
  balance: WaterBalance;
  billedCoverage: number | null;
  inletCount: number;
  memberMeterCount: number;
  supplied: SuppliedFigures;
};

/** The China days of a month 'YYYY-MM'. */
export const monthDays = (month: string): string[] => daysBetween(`${month}-01`, addDays(`${addMonths(month)}-01`, -1));

/** Balances of the districts for the month (every one of `districts`, in their order). */
export const districtMonths = async (
  db: Kysely<DB>,
  companyId: number,
  districts: DistrictInfo[],
  month: string,
): Promise<DistrictMonth[]> => {
  if (districts.length === 0) return [];
  const days = monthDays(month);
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const ids = districts.map((d) => d.id);
  const meters = await districtMeters(db, companyId, ids.length === 1 ? ids : undefined);
  const measuring = meters.filter((m) => m.role === DISTRICT_METER_ROLE.inlet || m.role === DISTRICT_METER_ROLE.outlet);
  const registers = await dayEndRegisters(
    db,
    companyId,
    [...new Set(measuring.map((m) => m.meterId))],
    addDays(first, -1),
    last,
  );
  const billed = await billedByDistrict(db, companyId, ids.length === 1 ? ids : undefined, first, last, days.length);
  const utility = await loadLossRateParams(db, companyId);
  return districts.map((district) => {
    const own = measuring.filter((m) => m.districtId === district.id);
    const volumes = (role: number) =>
      own.filter((m) => m.role === role).map((m) => meterVolumes(registers.get(m.meterId) ?? [], days));
    const supplied = districtSupplied(volumes(DISTRICT_METER_ROLE.inlet), volumes(DISTRICT_METER_ROLE.outlet), days);
    const b = billed.get(district.id) ?? { billed: null, memberMeters: 0, completeMeters: 0 };
    const input = waterBalanceInput(
      days.length,
      supplied,
      b.billed,
      district.connections ?? b.memberMeters,
      district,
      utility,
    );
    return {
      district,
      input,
      balance: computeWaterBalance(input),
      billedCoverage: b.memberMeters > 0 ? Math.round((b.completeMeters / b.memberMeters) * 10_000) / 10_000 : null,
      inletCount: own.filter((m) => m.role === DISTRICT_METER_ROLE.inlet).length,
      memberMeterCount: b.memberMeters,
      supplied,
    };
  });
};

/**
 * The balances of every district a data scope sees (of one kind when given) for the month: the production–sales
 * difference page's rows, shared with the home dashboards' water-loss widget.
 */
export const visibleDistrictMonths = async (
  db: Kysely<DB>,
  companyId: number,
  scope: DataScope | null,
  month: string,
  kind?: number,
): Promise<DistrictMonth[]> => {
  const visible = await visibleDistrictIds(db, companyId, scope);
  const districts = (await loadDistricts(db, companyId)).filter(
    (d) => (kind === undefined || d.kind === kind) && (!visible || visible.has(d.id)),
  );
  return districtMonths(db, companyId, districts, month);
};

/** A volume or flow to the litre (m³ with three decimals, as the pages show them). */
export const round3 = (x: number | null | undefined) =>
  x === null || x === undefined ? null : Math.round(x * 1000) / 1000;

/**
 * The production–sales difference page's rows (dma/dmaZoneMetering): every visible district's balance for the month
 * with its latest nightline and open leak events. The home page's and the big screen's water-loss figures are these
 * rows, so they never disagree with the page.
 */
export const zoneMeteringRows = async (
  db: Kysely<DB>,
  companyId: number,
  scope: DataScope | null,
  month: string,
  kind?: number,
): Promise<ZoneMeteringRow[]> => {
  const [months, nightlines, open] = await Promise.all([
    visibleDistrictMonths(db, companyId, scope, month, kind),
    latestNightlines(db, companyId),
    openEventCounts(db, companyId),
  ]);
  return months.map((m) => ({
    districtId: m.district.id,
    districtName: m.district.name,
    kind: m.district.kind,
    parentId: m.district.parentId,
    inletCount: m.inletCount,
    suppliedM3: m.balance.suppliedM3,
    billedM3: m.balance.billedM3,
    nrwM3: m.balance.nrwM3,
    productionSalesDifferenceRate: m.balance.productionSalesDifferenceRate,
    comprehensiveLossRate: m.balance.comprehensiveLossRate,
    assessedLossRate: m.balance.assessedLossRate,
    grade: m.balance.grade,
    ili: m.balance.ili,
    nrwLitresPerConnectionPerDay: m.balance.nrwLitresPerConnectionPerDay,
    nightline: round3(nightlines.get(m.district.id)?.nightline),
    nightLeakage: round3(nightlines.get(m.district.id)?.leakage),
    openLeakEvents: open.get(m.district.id) ?? 0,
  }));
};
