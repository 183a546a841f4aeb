// Where uploaded files live on disk: `<WATEROPS_DATA_DIR>/files/<companyId>/<id>`. With the in-memory database
// (`memory://`, tests) a temporary folder stands in, removed when the app closes.
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MEMORY_DATA_DIR } from '../../db/openDatabase.ts';

export type FileStore = {
  root: string;
  save(companyId: number, id: string, content: Uint8Array): Promise<void>;
  /** the content, or null when the file is not on disk */
  read(companyId: number, id: string): Promise<Buffer | null>;
  remove(companyId: number, id: string): Promise<void>;
  close(): Promise<void>;
};

// Ids are UUIDs we generate; checking them anyway keeps any path outside the store unreachable.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const openFileStore = async (dataDir: string): Promise<FileStore> => {
  const temporary = dataDir === MEMORY_DATA_DIR;
  const root = temporary ? await mkdtemp(join(tmpdir(), 'waterops-files-')) : join(resolve(dataDir), 'files');
  const fileOf = (companyId: number, id: string): string => {
    if (!Number.isInteger(companyId) || !UUID.test(id)) throw new Error(`bad file key ${companyId}/${id}`);
    return join(root, String(companyId), id);
  };
  return {
    root,
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
