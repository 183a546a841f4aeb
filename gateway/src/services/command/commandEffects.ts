// What a meter command's success changes besides the command row: a valve answered open or closed is now known
// to be so (water_meters.valve_state), so the valve page shows it before the meter's next report; a read-now
// answer `{ reading, time }` is a manual read (source 2) stored like any other read.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { type StoredRead, storeReadings } from '../ingest/readingStore.ts';

export type SucceededMeterCommand = { meterId: number; command: string; result: unknown };

export const applyCommandEffects = async (
  tx: Transaction<DB>,
  companyId: number,
  done: readonly SucceededMeterCommand[],
): Promise<void> => {
  for (const [command, state] of [
    ['valveOpen', 1],
    ['valveClose', 0],
  ] as const) {
    const ids = done.filter((d) => d.command === command).map((d) => d.meterId);
    if (ids.length === 0) continue;
    await tx
      .updateTable('water_meters')
      .set({ valve_state: state })
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
  }
};

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The reads in read-now answers; an answer without a usable reading and time is left out (the command stays a success). */
export const readsOfAnswers = (done: readonly SucceededMeterCommand[]): StoredRead[] =>
  done.flatMap((d) => {
    if (d.command !== 'readNow' || typeof d.result !== 'object' || d.result === null) return [];
    const r = d.result as Record<string, unknown>;
    const reading = numberOrNull(r.reading);
    const readAt = typeof r.time === 'string' ? new Date(r.time) : null;
    if (reading === null || reading < 0 || !readAt || Number.isNaN(readAt.getTime())) return [];
    const valve = numberOrNull(r.valveState);
    return [
      {
        meterId: d.meterId,
        readAt,
        reading,
        voltage: numberOrNull(r.voltage),
        csq: numberOrNull(r.csq),
        rsrp: numberOrNull(r.rsrp),
        valveState: valve === 0 || valve === 1 ? valve : null,
      },
    ];
  });

/** Stores the reads of read-now answers as manual reads (after the commands' transaction: partitions may be made). */
export const storeReadAnswers = async (
  db: Kysely<DB>,
  companyId: number,
  done: readonly SucceededMeterCommand[],
): Promise<void> => {
  const reads = readsOfAnswers(done);
  if (reads.length > 0) await storeReadings(db, companyId, reads, 2);
};
