// Kysely types of the notice tables (issue 6, migration m0015_notices); DB in tables.ts extends this.
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
/** bigint[] columns: read as string or number arrays depending on the driver, written as number arrays */
type IdArray = ColumnType<(number | string)[], number[] | undefined, number[]>;

export interface NoticesTable {
  company_id: number;
  id: Generated<number>;
  title: string;
  content: string;
  /** 'company' | 'roles' | 'users' */
  target: string;
  role_ids: IdArray;
  user_ids: IdArray;
  create_user_id: number | null;
  created_at: CreatedAt;
}

/** One recipient's copy of a notice, or a to-do (category 2, no notice, `param` = work-order code). */
export interface NoticeReceiptsTable {
  company_id: number;
  id: Generated<number>;
  notice_id: number | null;
  user_id: number;
  /** 1 notice, 2 to-do */
  category: number;
  title: string;
  content: string;
  param: string | null;
  /** 0 unread, 1 read */
  status: Generated<number>;
  read_at: Date | null;
  created_at: CreatedAt;
  /** m0018: a to-do's catalogue key and parameters, so it reads in the reader's language (null: title/content) */
  message_key: ColumnType<string | null, string | null | undefined, string | null>;
  message_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
}

export type NoticeTables = {
  notices: NoticesTable;
  notice_receipts: NoticeReceiptsTable;
};
