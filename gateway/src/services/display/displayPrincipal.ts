// A display token as a caller: the principal of a wall screen, and when its last contact is written. A display holds
// only DISPLAY_PERMISSIONS (those open for its company), sees the whole tenant (no data scope) and has no account:
// its userId is DISPLAY_USER_ID, which no user has, so per-user reads (menus, bell, layouts) find nothing of anyone.
import { DISPLAY_PERMISSIONS } from '@waterops/shared/display';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import { notOpenedOf } from '../user/userRepository.ts';
import { findActiveDisplay } from './displayRepository.ts';

/** The user id of every display principal: user ids start at 1. */
export const DISPLAY_USER_ID = 0;

/** The last contact is written at most this often per token (a screen polls every few seconds). */
export const DISPLAY_CONTACT_EVERY_MS = 60_000;
const MAX_TRACKED = 10_000;

/** The principal of a live display token, or null (unknown, revoked, expired, company disabled). */
export const findDisplayPrincipal = async (db: Kysely<DB>, tokenHash: string, now: Date): Promise<Principal | null> => {
  const display = await findActiveDisplay(db, tokenHash, now);
  if (!display) return null;
  const notOpened = await notOpenedOf(db, display.companyId);
  const closed = new Set(notOpened);
  return {
    companyId: display.companyId,
    userId: DISPLAY_USER_ID,
    username: `display-${display.id}`,
    permissions: DISPLAY_PERMISSIONS.filter((p) => !closed.has(p)),
    notOpened,
    scope: null,
    tokenHash,
    expiresAt: display.expiresAt,
    display: { id: display.id, name: display.name },
  };
};

/** Which tokens' contacts are due to be written again (per process; another instance writes its own at most as often). */
export class DisplayContacts {
  readonly #written = new Map<string, number>();

  constructor(readonly everyMs = DISPLAY_CONTACT_EVERY_MS) {}

  /** True when the token's contact was not written in the last `everyMs`; it counts as written from now. */
  due(tokenHash: string, now: Date): boolean {
    const last = this.#written.get(tokenHash);
    if (last !== undefined && now.getTime() - last < this.everyMs) return false;
    // Map keeps insertion order: re-inserting moves the token last, so the oldest is dropped first when full
    this.#written.delete(tokenHash);
    if (this.#written.size >= MAX_TRACKED) {
      const oldest = this.#written.keys().next().value;
      if (oldest !== undefined) this.#written.delete(oldest);
    }
    this.#written.set(tokenHash, now.getTime());
    return true;
  }
}
