// Kysely types of the home dashboards' table (issue 18, migration m0023_home_layouts); DB in tables.ts extends this.
import type { ColumnType } from 'kysely';

export interface HomeLayoutsTable {
  company_id: number;
  user_id: number;
  /** a HomeLayout (@waterops/shared/dashboard); jsonb is written as its JSON text */
  layout: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface DashboardTables {
  home_layouts: HomeLayoutsTable;
}
