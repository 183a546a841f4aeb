// TOTP secrets must be read back to check a code, so unlike passwords they cannot be hashed: they are sealed with
// AES-256-GCM under a key derived (HKDF-SHA256) from WATEROPS_SECRET_KEY, or, when that is unset, from a random key
// kept in <WATEROPS_DATA_DIR>/secret.key (made at first use, mode 0600). A database dump alone does not reveal them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { MEMORY_DATA_DIR } from '../../db/openDatabase.ts';

/** Seals and opens short secrets; `context` (the account) is bound in, so a sealed value cannot be moved to another. */
export type SecretBox = {
  seal(plain: string, context: string): string;
  /** the plain text, or undefined when the value was sealed under another key or context, or altered */
  open(sealed: string, context: string): string | undefined;
};

const VERSION = 'v1';
export const SECRET_KEY_FILE = 'secret.key';

export const secretBoxFromKey = (keyMaterial: string): SecretBox => {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'waterops', 'totp-secret v1', 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
};

/** The configured key, or the data folder's key file (made now if missing); in memory, a key for this process. */
const loadKeyMaterial = async (config: Pick<Config, 'WATEROPS_SECRET_KEY' | 'WATEROPS_DATA_DIR'>): Promise<string> => {
  if (config.WATEROPS_SECRET_KEY) return config.WATEROPS_SECRET_KEY;
  if (config.WATEROPS_DATA_DIR === MEMORY_DATA_DIR) return randomBytes(32).toString('base64url');
  const dir = resolve(config.WATEROPS_DATA_DIR);
  const file = join(dir, SECRET_KEY_FILE);
  await mkdir(dir, { recursive: true });
  try {
    // 'wx': of two processes making it at once, one writes and both read that one
    await writeFile(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const material = (await readFile(file, 'utf8')).trim();
  if (material.length < 32) throw new Error(`${file} holds no usable key (expected at least 32 characters)`);
  return material;
};

// One box per app (keyed by its database handle): the sign-in and the enrolment routes must share the in-memory key.
const boxes = new WeakMap<object, Promise<SecretBox>>();

export const secretBoxOf = (
  owner: object,
  config: Pick<Config, 'WATEROPS_SECRET_KEY' | 'WATEROPS_DATA_DIR'>,
): Promise<SecretBox> => {
  let box = boxes.get(owner);
  if (!box) {
    box = loadKeyMaterial(config).then(secretBoxFromKey);
    boxes.set(owner, box);
  }
  return box;
};
