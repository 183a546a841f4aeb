// The embedded database's folder as an operator meets it: one process at a time on a data folder (a crashed one does
// not block the next), a damaged folder named instead of opened, backups that restore. PGlite whatever the CI
// database: .ci/run leaves this file out of its PostgreSQL pass, where it would run the same way a second time.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { backupDataDir, restoreDataDir } from '@waterops/gateway/src/db/dataDirBackup.ts';
import { LOCK_FILE, lockDataDir } from '@waterops/gateway/src/db/dataDirLock.ts';
import { migrateToLatest } from '@waterops/gateway/src/db/migrateToLatest.ts';
import { openDatabase, pgliteDir } from '@waterops/gateway/src/db/openDatabase.ts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startGatewayProcess } from '../fixtures/gatewayProcess.ts';

describe('one writer per data folder', () => {
  // the lock is the embedded database's (an empty DATABASE_URL counts as unset)
  const embedded = { DATABASE_URL: '', WATEROPS_DEMO: '0', WATEROPS_ADMIN_PASSWORD: 'Fresh-Start-2024' };

  it('refuses a second server on the folder, naming the first; after kill -9 of the first a new one starts', async () => {
    const first = await startGatewayProcess('lock-first', embedded);
    try {
      const second = await startGatewayProcess('lock-second', { ...embedded, WATEROPS_DATA_DIR: first.dataDir }).then(
        async (p) => {
          await p.stop();
          return 'it started';
        },
        (e: Error) => e.message,
      );
      expect(second).toMatch(/^lock-second exited with 1:/);
      expect(second).toContain(`数据目录 ${first.dataDir} 正被另一个 WaterOps 进程使用(pid ${first.child.pid}`);
      expect(second).toContain(
        `The data folder ${first.dataDir} is in use by another WaterOps process (pid ${first.child.pid}`,
      );
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

      // a crash leaves its lock behind: the next start judges it stale (that pid is gone) and takes the folder
      const killed = new Promise((r) => first.child.once('exit', r));
      first.child.kill('SIGKILL');
      await killed;
      const third = await startGatewayProcess('lock-third', { ...embedded, WATEROPS_DATA_DIR: first.dataDir });
      const lock = JSON.parse(await readFile(join(first.dataDir, LOCK_FILE), 'utf8'));
      expect(lock.pid).toBe(third.child.pid);
      await third.stop();
      // a graceful stop frees the folder
      await expect(readFile(join(first.dataDir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
    } finally {
      await first.stop();
    }
  }, 180_000); // three server processes start on a busy 2-core machine

  it('names a damaged embedded database folder instead of starting on it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'waterops-damaged-'));
    try {
      await mkdir(pgliteDir(dataDir));
      await writeFile(join(pgliteDir(dataDir), 'PG_VERSION'), '18\n');
      const opened = openDatabase({ dataDir });
      await expect(opened).rejects.toThrow(/global\/pg_control, base, pg_wal missing/);
      await expect(opened).rejects.toThrow(/npm run restore/);
      // the refused start left no lock behind
      await expect(readFile(join(dataDir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('backs up and restores the database with its uploads; a restore is refused while the folder is in use', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'waterops-backup-'));
    const backups = await mkdtemp(join(tmpdir(), 'waterops-backups-'));
    const probe = async (value?: string) => {
      const database = await openDatabase({ dataDir });
      try {
        if (value === 'before') {
          await migrateToLatest(database.db);
          await sql`create table backup_probe (v text)`.execute(database.db);
        }
        if (value) {
          await sql`delete from backup_probe`.execute(database.db);
          await sql`insert into backup_probe values (${value})`.execute(database.db);
        }
        return (await sql<{ v: string }>`select v from backup_probe`.execute(database.db)).rows.map((r) => r.v);
      } finally {
        await database.close();
      }
    };
    const upload = join(dataDir, 'files', '1', 'photo');
    try {
      await probe('before');
      await mkdir(dirname(upload), { recursive: true });
      await writeFile(upload, 'before');
      // the key of the sealed two-step verification secrets travels with the database it opens
      const key = join(dataDir, 'secret.key');
      await writeFile(key, 'before');
      const backup = await backupDataDir(dataDir, backups);
      await probe('after');
      await writeFile(upload, 'after');
      await writeFile(key, 'after');

      const running = lockDataDir(dataDir);
      await expect(restoreDataDir(dataDir, backup)).rejects.toThrow(/is in use by another WaterOps process/);
      running.release();
      expect(await probe()).toEqual(['after']);

      const aside = await restoreDataDir(dataDir, backup);
      expect(await probe()).toEqual(['before']);
      expect(await readFile(upload, 'utf8')).toBe('before');
      expect(await readFile(key, 'utf8')).toBe('before');
      // what was there is kept, not deleted
      expect(aside).toHaveLength(3);
      expect(await readFile(join(aside[1] as string, '1', 'photo'), 'utf8')).toBe('after');
      expect(await readFile(aside[2] as string, 'utf8')).toBe('after');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(backups, { recursive: true, force: true });
    }
  }, 120_000); // six PGlite opens of a folder, one dump
});
