// What a meter command's success changes besides the command row: a valve answered open or closed is now known
// to be so (water_meters.valve_state), so the valve page shows it before the meter's next report.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';

export type SucceededMeterCommand = { meterId: number; command: string; result: unknown };

export const applyCommandEffects = async (
  tx: Transaction<DB>,
  companyId: number,
  done: readonly SucceededMeterCommand[],
  _now: Date,
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
