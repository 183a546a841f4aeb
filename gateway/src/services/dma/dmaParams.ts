// The tenant's district-metering parameters (param_configs):
// - group 'dma.nightFlow': what a district without its own value uses for the legitimate night use per connection
//   and the night-day factor (m0016 seeds them for the tenants that existed);
// - group 'dma.lossRate': the utility-wide conditions CJJ 92 corrects the loss rate for, the annual mean supply
//   pressure (R3) and the maximum frost depth (R4). Unknown until the utility enters them (m0017 adds them empty),
//   and while either is unknown the assessed loss rate and its grade stay empty rather than assume a correction of 0.
// `seedDmaParams` seeds both for a tenant created later (createTenant).
import { paramEntryName } from '@waterops/shared/catalogue';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const DMA_PARAM_GROUP = 'dma.nightFlow';
export const LOSS_RATE_PARAM_GROUP = 'dma.lossRate';

export type DmaParams = {
  /** legitimate night use per connection, litres per hour */
  nightUsePerConnection: number;
  /** hours of night leakage a day's leakage equals */
  nightDayFactorHours: number;
};

/** The defaults when a tenant has no (or a disabled, or an unreadable) entry: the values m0016 seeds. */
export const DEFAULT_DMA_PARAMS: DmaParams = { nightUsePerConnection: 1.7, nightDayFactorHours: 20 };

export type LossRateParams = {
  /** annual mean supply (出厂) pressure, MPa (CJJ 92 R3) */
  supplyPressureMpa: number | null;
  /** maximum frost depth, m (CJJ 92 R4) */
  maxFrostDepthM: number | null;
};

export const UNKNOWN_LOSS_RATE_PARAMS: LossRateParams = { supplyPressureMpa: null, maxFrostDepthM: null };

const ROWS: { code: keyof DmaParams }[] = [{ code: 'nightUsePerConnection' }, { code: 'nightDayFactorHours' }];

/** The loss-rate rows (m0017 writes them too: a migration keeps its own copy of their names). */
export const LOSS_RATE_ROWS: { code: keyof LossRateParams }[] = [
  { code: 'supplyPressureMpa' },
  { code: 'maxFrostDepthM' },
];

/**
 * Seeds both groups for a new tenant, the loss-rate conditions as given (unknown unless the caller knows them, as the
 * demo city does); an entry already there is left as the tenant set it.
 */
export const seedDmaParams = async (
  db: Db,
  companyId: number,
  lossRate: LossRateParams = UNKNOWN_LOSS_RATE_PARAMS,
): Promise<void> => {
  const row = (keyType: string, code: string, value: number | null, i: number) => ({
    company_id: companyId,
    key_type: keyType,
    code,
    name: paramEntryName(keyType, code),
    value: value === null ? null : String(value),
    enabled: true,
    sort: (i + 1) * 10,
    remark: null,
  });
  await db
    .insertInto('param_configs')
    .values([
      ...ROWS.map((r, i) => row(DMA_PARAM_GROUP, r.code, DEFAULT_DMA_PARAMS[r.code], i)),
      ...LOSS_RATE_ROWS.map((r, i) => row(LOSS_RATE_PARAM_GROUP, r.code, lossRate[r.code], i)),
    ])
    .onConflict((oc) => oc.columns(['company_id', 'key_type', 'code']).doNothing())
    .execute();
};

/** A parameter value as a positive finite number, else the fallback (a typo in the page must not stop the job). */
export const positiveOr = (value: string | null | undefined, fallback: number): number => {
  const n = value === null || value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** A parameter value as a finite number ≥ 0, else null: unknown (empty, a typo, or below 0). */
export const nonNegativeOrNull = (value: string | null | undefined): number | null => {
  const n = value === null || value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

const enabledValues = async (db: Db, companyId: number, keyType: string): Promise<Map<string, string | null>> => {
  const rows = await db
    .selectFrom('param_configs')
    .select(['code', 'value'])
    .where('company_id', '=', companyId)
    .where('key_type', '=', keyType)
    .where('enabled', '=', true)
    .execute();
  return new Map(rows.map((r) => [r.code, r.value]));
};

/** The tenant's enabled loss-rate conditions; what is missing, disabled or unreadable is unknown. */
export const loadLossRateParams = async (db: Db, companyId: number): Promise<LossRateParams> => {
  const byCode = await enabledValues(db, companyId, LOSS_RATE_PARAM_GROUP);
  return {
    supplyPressureMpa: nonNegativeOrNull(byCode.get('supplyPressureMpa')),
    maxFrostDepthM: nonNegativeOrNull(byCode.get('maxFrostDepthM')),
  };
};

/** The tenant's enabled night-flow parameters, defaults for what is missing. */
export const loadDmaParams = async (db: Db, companyId: number): Promise<DmaParams> => {
  const byCode = await enabledValues(db, companyId, DMA_PARAM_GROUP);
  return {
    nightUsePerConnection: positiveOr(byCode.get('nightUsePerConnection'), DEFAULT_DMA_PARAMS.nightUsePerConnection),
    nightDayFactorHours: positiveOr(byCode.get('nightDayFactorHours'), DEFAULT_DMA_PARAMS.nightDayFactorHours),
  };
};
