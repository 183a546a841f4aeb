// The alarm engine's scheduled work (registered in jobs/jobs.ts): offline and no-data alarms every minute, expired
// shelvings every 30 s, usage exceptions after revalidation (usageAlarms.ts).
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { TenantChanged } from './alarmEngine.ts';
import { tenantsWithExpiredShelving, unshelveAlarms } from './alarmRepository.ts';

export { evaluateOfflineAlarms } from './alarmEngine.ts';
export { evaluateUsageAlarms } from './usageAlarms.ts';

/** Unshelves every shelving expired at `now`, tenant by tenant (the system is the actor: no user on the event). */
export const unshelveExpired = async (db: Kysely<DB>, now: Date, onChanged?: TenantChanged): Promise<number> => {
  let n = 0;
  for (const companyId of await tenantsWithExpiredShelving(db, now)) {
    const changed = await unshelveAlarms(db, companyId, null, null, null, now);
    if (changed) onChanged?.(companyId);
    n += changed;
  }
  return n;
};
