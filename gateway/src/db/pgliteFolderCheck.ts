// The start-up check of the embedded database's folder: cheap and honest, not a full verification (PGlite has no
// pg_amcheck run at start). Before opening: a folder that holds files must have the cluster's skeleton (a partial
// copy or a wrong WATEROPS_DATA_DIR is named as such, where PGlite itself would only say "Aborted()"). After
// opening: the migration record must be readable. Each failure says what is wrong and what to do.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { DataDirError } from './dataDirLock.ts';

/** What every PostgreSQL data folder holds (initdb writes them first). */
const SKELETON = ['PG_VERSION', 'global/pg_control', 'base', 'pg_wal'];

const WHAT_TO_DO_ZH = '请停止 WaterOps,用 npm run restore 恢复最近的备份;或把该目录移走,以空数据库启动。';
const WHAT_TO_DO_EN =
  'Stop WaterOps and restore the latest backup (npm run restore), or move the folder aside to start with an empty database.';

export const damaged = (dir: string, zh: string, en: string): DataDirError =>
  new DataDirError(
    'WATEROPS_DATA_DIR_DAMAGED',
    `嵌入式数据库目录 ${dir} 不可用:${zh}。${WHAT_TO_DO_ZH}\nThe embedded database folder ${dir} cannot be used: ${en}. ${WHAT_TO_DO_EN}`,
  );

/** Before opening: true when the folder holds a database already (false: empty or new, PGlite creates one). */
export const checkPgliteFolder = (dir: string): boolean => {
  if (!existsSync(dir) || readdirSync(dir).length === 0) return false;
  const missing = SKELETON.filter((entry) => !existsSync(join(dir, entry)));
  if (missing.length > 0)
    throw damaged(
      dir,
      `缺少 ${missing.join('、')}(不完整的复制,或不是数据库目录)`,
      `${missing.join(', ')} missing (a partial copy, or not a database folder)`,
    );
  let version = '';
  try {
    version = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch (e) {
    throw damaged(
      dir,
      `无法读取 PG_VERSION(${(e as Error).message})`,
      `PG_VERSION unreadable (${(e as Error).message})`,
    );
  }
  if (!/^\d+$/.test(version))
    throw damaged(
      dir,
      `PG_VERSION 内容无效(“${version.slice(0, 20)}”)`,
      `PG_VERSION is not a version ("${version.slice(0, 20)}")`,
    );
  return true;
};

/** Opening failed: PGlite's own words are rarely more than "Aborted()". */
export const openFailed = (dir: string, e: unknown): DataDirError => {
  let version = '?';
  try {
    version = readFileSync(join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    // reported as '?'
  }
  const cause = (e as Error)?.message ?? String(e);
  return damaged(
    dir,
    `无法打开(PostgreSQL ${version} 的目录;${cause})`,
    `it could not be opened (a PostgreSQL ${version} folder; ${cause})`,
  );
};

/** After opening a folder that held a database: its migration record is readable, or it was never migrated. */
export const checkOpenedDatabase = async (pglite: PGlite, dir: string): Promise<void> => {
  try {
    const tables = await pglite.query<{ migrations: string | null; tables: number }>(
      `select to_regclass('public.kysely_migration')::text as migrations,
              (select count(*)::int from pg_tables where schemaname = 'public') as tables`,
    );
    const row = tables.rows[0];
    // a folder created by a start that stopped before migrating holds no table yet: the migrations run now
    if (!row || (row.migrations === null && row.tables === 0)) return;
    if (row.migrations === null) throw new Error('kysely_migration missing while other tables exist');
    await pglite.query('select count(*) from kysely_migration');
  } catch (e) {
    throw damaged(
      dir,
      `迁移记录表 kysely_migration 无法读取(${(e as Error).message})`,
      `the migration table kysely_migration cannot be read (${(e as Error).message})`,
    );
  }
};
