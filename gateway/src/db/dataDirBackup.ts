// `npm run backup` / `npm run restore`: the embedded database's backup, for a stopped WaterOps (PGlite is one
// process's database, so the script takes the data folder's lock like a server and refuses while one runs).
// A backup is a folder: database.tar.gz (PGlite's dumpDataDir) and files/ (the uploads) beside it, and secret.key
// when the folder has one (the key of the sealed two-step verification secrets). A restore moves the current database,
// uploads and key aside (never deletes them), loads the backup, and checks it opens.
// With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore instead: README.md, "Backup and restore".
import { cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type DataDirLock, isDataDirError, lockDataDir } from './dataDirLock.ts';
import { MEMORY_DATA_DIR, pgliteDir } from './openDatabase.ts';
import { checkOpenedDatabase, checkPgliteFolder } from './pgliteFolderCheck.ts';

export const DATABASE_ARCHIVE = 'database.tar.gz';
const FILES = 'files';
/** services/uaa/totpSecretBox.ts's key file: without it the database's two-step verification secrets do not open */
const SECRET_KEY = 'secret.key';

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const stamp = (at: Date) => at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** Writes `<into>/waterops-<time>/` from the data folder; returns that folder. */
export const backupDataDir = async (dataDir: string, into: string, at = new Date()): Promise<string> => {
  const lock = lockDataDir(dataDir);
  try {
    const dbDir = pgliteDir(dataDir);
    if (!checkPgliteFolder(dbDir))
      throw new Error(`${dbDir} 中没有数据库,无需备份 / no database in ${dbDir}: nothing to back up`);
    const target = resolve(into, `waterops-${stamp(at)}`);
    await mkdir(target, { recursive: true });
    const pglite = new PGlite(dbDir, { extensions: { pg_trgm } });
    try {
      await pglite.waitReady;
      await checkOpenedDatabase(pglite, dbDir);
      const tarball = await pglite.dumpDataDir('gzip');
      await writeFile(join(target, DATABASE_ARCHIVE), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    const files = join(resolve(dataDir), FILES);
    if (await exists(files)) await cp(files, join(target, FILES), { recursive: true });
    const key = join(resolve(dataDir), SECRET_KEY);
    if (await exists(key)) await cp(key, join(target, SECRET_KEY));
    return target;
  } finally {
    lock.release();
  }
};

/**
 * Replaces the data folder's database and uploads with a backup's. What was there is kept beside them as
 * `pglite.before-restore-<time>` and `files.before-restore-<time>`; a backup that does not open is not installed.
 */
export const restoreDataDir = async (dataDir: string, from: string, at = new Date()): Promise<string[]> => {
  const archive = join(resolve(from), DATABASE_ARCHIVE);
  if (!(await exists(archive)))
    throw new Error(`${archive} 不存在:不是 WaterOps 备份目录 / ${archive} not found: not a WaterOps backup folder`);
  const lock: DataDirLock = lockDataDir(dataDir);
  const moved: Array<[string, string]> = [];
  try {
    const dbDir = pgliteDir(dataDir);
    const files = join(resolve(dataDir), FILES);
    const key = join(resolve(dataDir), SECRET_KEY);
    const backupKey = join(resolve(from), SECRET_KEY);
    // the current key goes aside only for the backup's own: a database without its key keeps the one it has
    const keyRestored = await exists(backupKey);
    for (const current of keyRestored ? [dbDir, files, key] : [dbDir, files]) {
      if (!(await exists(current))) continue;
      const aside = `${current}.before-restore-${stamp(at)}`;
      await rename(current, aside);
      moved.push([current, aside]);
    }
    try {
      await mkdir(dbDir, { recursive: true });
      const pglite = new PGlite(dbDir, {
        extensions: { pg_trgm },
        loadDataDir: new Blob([await readFile(archive)]),
      });
      try {
        await pglite.waitReady;
        await checkOpenedDatabase(pglite, dbDir);
      } finally {
        await pglite.close();
      }
      const backupFiles = join(resolve(from), FILES);
      if (await exists(backupFiles)) await cp(backupFiles, files, { recursive: true });
      if (keyRestored) await cp(backupKey, key);
    } catch (e) {
      // put back what was there: a failed restore changes nothing
      await rm(dbDir, { recursive: true, force: true });
      await rm(files, { recursive: true, force: true });
      if (keyRestored) await rm(key, { force: true });
      for (const [current, aside] of moved) await rename(aside, current);
      moved.length = 0;
      throw e;
    }
    return moved.map(([, aside]) => aside);
  } finally {
    lock.release();
  }
};

const main = async () => {
  const [command, path] = process.argv.slice(2);
  const dataDir = process.env.WATEROPS_DATA_DIR || './data';
  if (process.env.DATABASE_URL) {
    console.error(
      'DATABASE_URL 已设置:PostgreSQL 请用 pg_dump / pg_restore(见 README.md)。\nDATABASE_URL is set: back up PostgreSQL with pg_dump / pg_restore (README.md, "Backup and restore").',
    );
    return 1;
  }
  if (dataDir === MEMORY_DATA_DIR) {
    console.error('内存数据库无法备份 / an in-memory database (memory://) has nothing to back up');
    return 1;
  }
  if (command === 'backup') {
    const target = await backupDataDir(dataDir, path ?? './backups');
    console.log(`备份完成 / backup written: ${target}`);
    return 0;
  }
  if (command === 'restore' && path) {
    const aside = await restoreDataDir(dataDir, path);
    console.log(`已从 ${path} 恢复 / restored from ${path} into ${resolve(dataDir)}`);
    for (const a of aside) console.log(`原数据保留在 / the previous data is kept in: ${a}`);
    return 0;
  }
  console.error('用法 / usage: npm run backup [-- <folder>]  |  npm run restore -- <backup folder>');
  return 2;
};

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('dataDirBackup.ts')) {
  main().then(
    (code) => process.exit(code),
    (e: unknown) => {
      // a data folder in use (the server runs) or damaged: the message already says what to do
      console.error(
        isDataDirError(e) ? e.message : `备份/恢复失败 / backup or restore failed: ${(e as Error).message}`,
      );
      process.exit(1);
    },
  );
}
