// Runs the forward-only migration set at start. The list is static (no folder scanning), so bundling or a changed
// working directory cannot change what runs; Kysely records what ran in kysely_migration and takes a lock, so
// several instances starting together on one PostgreSQL migrate once.
import type { Kysely } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/m0001_foundation.ts';
import * as m0002 from './migrations/m0002_role_user_permissions.ts';
import * as m0003 from './migrations/m0003_file_uploader_nullable.ts';
import * as m0004 from './migrations/m0004_account_role_pages.ts';
import * as m0005 from './migrations/m0005_sms_registration.ts';
import * as m0006 from './migrations/m0006_import_jobs.ts';
import * as m0007 from './migrations/m0007_companies_code_rules.ts';
import * as m0008 from './migrations/m0008_menu_opened.ts';
import * as m0009 from './migrations/m0009_places_data_scope.ts';
import * as m0010 from './migrations/m0010_operation_log_result.ts';
import * as m0011 from './migrations/m0011_registry.ts';
import * as m0012 from './migrations/m0012_meter_code_collation.ts';
import * as m0013 from './migrations/m0013_telemetry.ts';
import * as m0014 from './migrations/m0014_alarms.ts';
import * as m0015 from './migrations/m0015_notices.ts';
import * as m0016 from './migrations/m0016_dma.ts';
import * as m0017 from './migrations/m0017_dma_loss_rate_params.ts';
import * as m0018 from './migrations/m0018_work_orders.ts';
import * as m0019 from './migrations/m0019_work_order_indexes.ts';
import * as m0020 from './migrations/m0020_alarm_load.ts';
import * as m0021 from './migrations/m0021_login_totp.ts';
import * as m0022 from './migrations/m0022_file_contents.ts';
import * as m0023 from './migrations/m0023_home_layouts.ts';
import * as m0024 from './migrations/m0024_display_tokens.ts';
import * as m0025 from './migrations/m0025_bulk_meters_night_use.ts';
import * as m0026 from './migrations/m0026_alarm_level_changes.ts';
import * as m0027 from './migrations/m0027_leak_event_identity.ts';
import type { DB } from './tables.ts';

/** In order; never edit or remove an entry once released: add a new one. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_role_user_permissions': m0002,
  '0003_file_uploader_nullable': m0003,
  '0004_account_role_pages': m0004,
  '0005_sms_registration': m0005,
  '0006_import_jobs': m0006,
  '0007_companies_code_rules': m0007,
  '0008_menu_opened': m0008,
  '0009_places_data_scope': m0009,
  '0010_operation_log_result': m0010,
  '0011_registry': m0011,
  '0012_meter_code_collation': m0012,
  '0013_telemetry': m0013,
  '0014_alarms': m0014,
  '0015_notices': m0015,
  '0016_dma': m0016,
  '0017_dma_loss_rate_params': m0017,
  '0018_work_orders': m0018,
  '0019_work_order_indexes': m0019,
  '0020_alarm_load': m0020,
  '0021_login_totp': m0021,
  '0022_file_contents': m0022,
  '0023_home_layouts': m0023,
  '0024_display_tokens': m0024,
  '0025_bulk_meters_night_use': m0025,
  '0026_alarm_level_changes': m0026,
  '0027_leak_event_identity': m0027,
};

/** Applies every pending migration; throws (naming the migration) when one fails. */
export const migrateToLatest = async (db: Kysely<DB>): Promise<string[]> => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
};
