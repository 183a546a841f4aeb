// The water balance of districts for a month, from the repositories and the pure figures: one query for the
// day-end registers of every inlet and outlet meter asked and one for the billed consumption of every district asked
// (no query per district), then computeWaterBalance per district.
import type { WaterBalance, WaterBalanceInput } from '@waterops/shared/dma';
import { addDays, addMonths, daysBetween } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import { DISTRICT_METER_ROLE } from '../../db/dmaTables.ts';
import type { DB } from '../../db/tables.ts';
import { loadLossRateParams } from './dmaParams.ts';
import { type DistrictInfo, districtMeters } from './nightFlowRepository.ts';
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
