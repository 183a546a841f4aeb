// Stores imported flow samples from the reader's compact columns: 10,000 rows per statement as two array parameters
// (unnest), so a year of 5-minute data for several meters is a few hundred statements, not an object per row.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

type Db = Kysely<DB> | Transaction<DB>;

const BATCH = 10_000;

/** Inserts or replaces a meter's samples (instants in ms, flows in m³/h); the first n entries of the arrays. */
export const storeInletFlowSamples = async (
  db: Db,
  companyId: number,
  meterId: number,
  samples: { n: number; at: Float64Array; flow: Float64Array },
  importedAt: Date,
): Promise<void> => {
  for (let i = 0; i < samples.n; i += BATCH) {
    const end = Math.min(samples.n, i + BATCH);
    const times: string[] = [];
    const flows: string[] = [];
    for (let k = i; k < end; k++) {
      times.push(new Date(samples.at[k] as number).toISOString());
      flows.push(String(samples.flow[k]));
    }
    // imported_at keeps the first import (the column is typed as a creation time)
    await sql`
      insert into inlet_flows (company_id, meter_id, at, flow, imported_at)
      select ${companyId}, ${meterId}, s.at, s.flow, ${importedAt}
        from unnest(${`{${times.join(',')}}`}::timestamptz[], ${`{${flows.join(',')}}`}::numeric[]) as s(at, flow)
      on conflict (company_id, meter_id, at) do update set flow = excluded.flow`.execute(db);
  }
};
