// The tenant's night-flow defaults (param_configs group 'dma.nightFlow'): what a district without its own value uses
// for the legitimate night use per connection and the night-day factor. Migration m0016 seeds them for the tenants
// that existed; `seedDmaParams` does it for a tenant created later (createTenant).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

export const DMA_PARAM_GROUP = 'dma.nightFlow';

export type DmaParams = {
  /** legitimate night use per connection, litres per hour */
  nightUsePerConnection: number;
  /** hours of night leakage a day's leakage equals */
  nightDayFactorHours: number;
};

/** The defaults when a tenant has no (or a disabled, or an unreadable) entry: the values m0016 seeds. */
export const DEFAULT_DMA_PARAMS: DmaParams = { nightUsePerConnection: 1.7, nightDayFactorHours: 20 };

const ROWS: { code: keyof DmaParams; name: string }[] = [
  { code: 'nightUsePerConnection', name: '户均夜间合法用水(L/h)' },
  { code: 'nightDayFactorHours', name: '日夜系数(小时)' },
];

/** Seeds the group for a new tenant; an entry already there is left as the tenant set it. */
export const seedDmaParams = async (db: Db, companyId: number): Promise<void> => {
  await db
    .insertInto('param_configs')
    .values(
      ROWS.map((r, i) => ({
        company_id: companyId,
        key_type: DMA_PARAM_GROUP,
        code: r.code,
        name: r.name,
        value: String(DEFAULT_DMA_PARAMS[r.code]),
        enabled: true,
        sort: (i + 1) * 10,
        remark: null,
      })),
    )
    .onConflict((oc) => oc.columns(['company_id', 'key_type', 'code']).doNothing())
    .execute();
};

/** A parameter value as a positive finite number, else the fallback (a typo in the page must not stop the job). */
export const positiveOr = (value: string | null | undefined, fallback: number): number => {
  const n = value === null || value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The tenant's enabled night-flow parameters, defaults for what is missing. */
export const loadDmaParams = async (db: Db, companyId: number): Promise<DmaParams> => {
  const rows = await db
    .selectFrom('param_configs')
    .select(['code', 'value'])
    .where('company_id', '=', companyId)
    .where('key_type', '=', DMA_PARAM_GROUP)
    .where('enabled', '=', true)
    .execute();
  const byCode = new Map(rows.map((r) => [r.code, r.value]));
  return {
    nightUsePerConnection: positiveOr(byCode.get('nightUsePerConnection'), DEFAULT_DMA_PARAMS.nightUsePerConnection),
    nightDayFactorHours: positiveOr(byCode.get('nightDayFactorHours'), DEFAULT_DMA_PARAMS.nightDayFactorHours),
  };
};
