// Where uploaded files' bytes live, chosen by WATEROPS_FILE_STORE; the routes see one FileStore either way.
// `disk`: `<WATEROPS_DATA_DIR>/files/<companyId>/<id>` (with the in-memory database, `memory://` in tests, a temporary
// folder stands in, removed when the app closes). `database`: a `file_contents` row per file, so every instance on
// one PostgreSQL serves what any of them stored.
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { MEMORY_DATA_DIR } from '../../db/openDatabase.ts';
import type { DB } from '../../db/tables.ts';
import { deleteFileContent, findFileContent, insertFileContent } from './fileRepository.ts';

export type FileStore = {
  kind: Config['WATEROPS_FILE_STORE'];
  save(companyId: number, id: string, content: Uint8Array): Promise<void>;
  /** the content, or null when the store does not hold the file */
  read(companyId: number, id: string): Promise<Buffer | null>;
  remove(companyId: number, id: string): Promise<void>;
  close(): Promise<void>;
};

// Ids are UUIDs we generate; checking them anyway keeps any path outside the store unreachable.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const checkKey = (companyId: number, id: string): void => {
  if (!Number.isInteger(companyId) || !UUID.test(id)) throw new Error(`bad file key ${companyId}/${id}`);
};

export const openDiskFileStore = async (dataDir: string): Promise<FileStore> => {
  const temporary = dataDir === MEMORY_DATA_DIR;
  const root = temporary ? await mkdtemp(join(tmpdir(), 'waterops-files-')) : join(resolve(dataDir), 'files');
  const fileOf = (companyId: number, id: string): string => {
    checkKey(companyId, id);
    return join(root, String(companyId), id);
  };
  return {
    kind: 'disk',
    async save(companyId, id, content) {
      await mkdir(join(root, String(companyId)), { recursive: true });
      await writeFile(fileOf(companyId, id), content, { flag: 'wx' });
    },
    async read(companyId, id) {
      try {
        return await readFile(fileOf(companyId, id));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async remove(companyId, id) {
      await unlink(fileOf(companyId, id)).catch(() => undefined);
    },
    async close() {
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
};

export const databaseFileStore = (db: Kysely<DB>): FileStore => ({
  kind: 'database',
  async save(companyId, id, content) {
    checkKey(companyId, id);
    await insertFileContent(db, companyId, id, content);
  },
  async read(companyId, id) {
    checkKey(companyId, id);
    const content = await findFileContent(db, companyId, id);
    // pg answers a Buffer, PGlite a Uint8Array: the same bytes either way, without a copy
    return content && Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  },
  async remove(companyId, id) {
    checkKey(companyId, id);
    await deleteFileContent(db, companyId, id);
  },
  async close() {},
});

export const openFileStore = (config: Config, db: Kysely<DB>): Promise<FileStore> =>
  config.WATEROPS_FILE_STORE === 'database'
    ? Promise.resolve(databaseFileStore(db))
    : openDiskFileStore(config.WATEROPS_DATA_DIR);
