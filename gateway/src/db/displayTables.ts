// Kysely types of the display tokens (issue 18, migration m0024_display_tokens); DB in tables.ts extends this.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/** A read-only token of one wall screen: only its hash is kept. */
export interface DisplayTokensTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  /** SHA-256 of the token, base64url (services/uaa/accessToken.ts hashToken) */
  token_hash: string;
  /** the administrator who issued it */
  created_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** the screen's last request, written at most once a minute */
  last_seen_at: Timestamp | null;
  last_seen_address: string | null;
}

export interface DisplayTables {
  display_tokens: DisplayTokensTable;
}
