// Opens the database: PostgreSQL through a pg Pool when DATABASE_URL is set, otherwise PGlite (PostgreSQL in WASM)
// in a folder under WATEROPS_DATA_DIR, or in memory for `memory://`. Both speak the same SQL, so one Kysely type
// and one migration set serve both.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type DataDirLock, isDataDirError, lockDataDir } from './dataDirLock.ts';
import { checkOpenedDatabase, checkPgliteFolder, openFailed } from './pgliteFolderCheck.ts';
import type { DB } from './tables.ts';

export const MEMORY_DATA_DIR = 'memory://';

export type DatabaseKind = 'pglite' | 'postgres';
export type Database = {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close: () => Promise<void>;
  /** PGlite only: the data folder as a tarball (`dumpDataDir`), e.g. the tests' migrated template */
  dump?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl?: string | undefined;
  onPoolError?: (e: Error) => void;
  /**
   * PGlite in memory only: start from this dump (`dumpDataDir`) instead of an empty cluster. The tests start ~90
   * apps; each would otherwise spend ~3 s creating a cluster and running every migration (tests/fixtures).
   */
  pgliteTemplate?: Blob | undefined;
};

const INT8_OID = 20;

// pg returns bigint as a string (it may exceed 2^53); our bigint columns are ids and counts far below that, and
// PGlite already returns numbers, so both databases give the code the same JavaScript types.
const pgTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** The folder PGlite keeps its files in, below the data dir (uploads sit beside it in `files/`). */
export const pgliteDir = (dataDir: string): string => join(resolve(dataDir), 'pglite');

export const openDatabase = async (opts: DatabaseOptions): Promise<Database> => {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, types: pgTypes });
    // An idle client losing its connection must not crash the process; the next query gets a fresh one.
    pool.on('error', (e) => opts.onPoolError?.(e));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let location = MEMORY_DATA_DIR;
  // A folder: one process at a time (dataDirLock.ts), and a damaged one named before PGlite aborts on it.
  let lock: DataDirLock | undefined;
  let existing = false;
  if (opts.dataDir !== MEMORY_DATA_DIR) {
    location = pgliteDir(opts.dataDir);
    lock = lockDataDir(opts.dataDir);
    try {
      existing = checkPgliteFolder(location);
      await mkdir(location, { recursive: true });
    } catch (e) {
      lock.release();
      throw e;
    }
  }
  // pg_trgm: the trigram index of the work-order keyword (migration 0019), as PostgreSQL's contrib has it
  const template = location === MEMORY_DATA_DIR ? opts.pgliteTemplate : undefined;
  const pglite = new PGlite(location, { extensions: { pg_trgm }, ...(template ? { loadDataDir: template } : {}) });
  try {
    await pglite.waitReady;
    if (existing) await checkOpenedDatabase(pglite, location);
  } catch (e) {
    await pglite.close().catch(() => undefined);
    lock?.release();
    throw lock && !isDataDirError(e) ? openFailed(location, e) : e;
  }
  const db = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      lock?.release();
    },
    dump: () => pglite.dumpDataDir('none'),
  };
};
