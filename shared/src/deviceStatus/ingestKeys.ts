// Ingestion keys as users manage them (page 接入密钥, permission device:ingestKey:*): a key signs the calls of a
// device, head-end system or the simulator (`Authorization: Device <key>`, INGEST_PATHS in @waterops/shared/reading).
// The key itself is answered once, at creation; lists show only its first characters.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import { INGEST_AUTH_SCHEME } from '../reading/ingest.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

export const IngestKey = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** the key's first characters, to tell keys apart */
  keyPrefix: Type.String(),
  /** null: a company key (every device of the tenant) */
  concentratorId: Nullable(Type.Integer()),
  concentratorCode: Nullable(Type.String()),
  enabled: Type.Boolean(),
  /** the user name of who created it */
  createdBy: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
  lastUsedTime: Nullable(Type.String({ format: 'date-time' })),
});
export type IngestKey = Static<typeof IngestKey>;

export const IngestKeyFilters = Type.Object({
  /** contained in the name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  enabled: Type.Optional(Type.Boolean()),
});
export type IngestKeyFilters = Static<typeof IngestKeyFilters>;

/** `POST ingest/keys/save`: a new key, for the company (no concentratorId) or one concentrator. */
export const IngestKeySave = Type.Object({
  name: NameText(),
  /** leave it out for a company key (no null: with type coercion a 0 would pass as null and widen the key) */
  concentratorId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type IngestKeySave = Static<typeof IngestKeySave>;

/** The answer to a creation: the key in clear, this once. */
export const IngestKeyCreated = Type.Object({
  id: Type.Integer(),
  key: Type.String(),
  keyPrefix: Type.String(),
});
export type IngestKeyCreated = Static<typeof IngestKeyCreated>;

export const IngestKeyEnabled = Type.Object({ id: Type.Integer({ minimum: 1 }), enabled: Type.Boolean() });
export type IngestKeyEnabled = Static<typeof IngestKeyEnabled>;

/** The header value a device sends with a key. */
export const ingestAuthHeader = (key: string): string => `${INGEST_AUTH_SCHEME} ${key}`;

/** The form's rules: a name is required. */
export const validateIngestKey = (v: { name?: string | null }): RuleViolation[] =>
  (v.name ?? '').trim() === '' ? [{ field: 'name', message: 'rules.ingestKeyName.required' }] : [];
