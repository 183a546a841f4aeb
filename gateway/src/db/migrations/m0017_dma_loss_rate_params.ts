// Issue 7: the utility-wide conditions CJJ 92 corrects the loss rate for, as parameters every tenant can see and fill
// in on the parameter page (group 'dma.lossRate'): the annual mean supply pressure (R3) and the maximum frost depth
// (R4). Added empty: a correction the utility never stated is not assumed, so the assessed loss rate and its grade
// stay empty until both are entered. Frozen: codes and names are written out here, not imported.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on today's DB type.
type AnyDb = Kysely<any>;

const ROWS: [string, string][] = [
  ['supplyPressureMpa', '年平均出厂压力(MPa)'],
  ['maxFrostDepthM', '最大冻土深度(m)'],
];

export const up = async (db: AnyDb): Promise<void> => {
  const companies = await db.selectFrom('companies').select('id').execute();
  for (const { id: companyId } of companies)
    for (const [index, [code, name]] of ROWS.entries())
      await sql`
        insert into param_configs (company_id, key_type, code, name, value, enabled, sort)
        values (${companyId}, 'dma.lossRate', ${code}, ${name}, null, true, ${(index + 1) * 10})
        on conflict (company_id, key_type, code) do nothing`.execute(db);
};
