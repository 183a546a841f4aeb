// Who is calling the ingestion API: the `Authorization: Device <key>` header, checked on every call (never a user
// token: a stolen device key can only send data, not read it). Lookups are cached briefly per process so a busy
// head-end does not cost a query per batch; a disabled or deleted key stops working within the cache time.
import { INGEST_AUTH_SCHEME } from '@waterops/shared/reading';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError } from '../../plugins/errors.ts';
import { findIngestKeyOwner, hashIngestKey, type IngestKeyOwner, touchIngestKey } from './ingestKeyRepository.ts';

const CACHE_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;

/** 401 with the ingestion message (not the user sign-in one: a device has no sign-in page). */
export const badIngestKey = (): AppError => new AppError(401, 'ingest.badKey');

export type DeviceKeyAuth = {
  /** the owner of the request's key; throws 401 for a missing, unknown or disabled key */
  ownerOf(request: FastifyRequest): Promise<IngestKeyOwner>;
};

export const deviceKeyAuth = (db: Kysely<DB>, now: () => Date): DeviceKeyAuth => {
  const cache = new Map<string, { owner: IngestKeyOwner | undefined; until: number; touched: number }>();
  return {
    async ownerOf(request) {
      const header = request.headers.authorization ?? '';
      const [scheme, key] = header.split(' ', 2);
      if (scheme?.toLowerCase() !== INGEST_AUTH_SCHEME.toLowerCase() || !key) throw badIngestKey();
      const at = now();
      const hash = hashIngestKey(key);
      let hit = cache.get(hash);
      if (!hit || hit.until < at.getTime()) {
        if (cache.size > 10_000) cache.clear();
        hit = { owner: await findIngestKeyOwner(db, key), until: at.getTime() + CACHE_MS, touched: hit?.touched ?? 0 };
        cache.set(hash, hit);
      }
      if (!hit.owner) throw badIngestKey();
      if (at.getTime() - hit.touched > TOUCH_EVERY_MS) {
        hit.touched = at.getTime();
        await touchIngestKey(db, hit.owner, at);
      }
      return hit.owner;
    },
  };
};
