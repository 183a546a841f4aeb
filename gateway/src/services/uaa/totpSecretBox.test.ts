import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE, secretBoxFromKey, secretBoxOf } from './totpSecretBox.ts';

const KEY = 'k'.repeat(32);

describe('secret box', () => {
  it('opens what it sealed, for the same account only, and never shows the secret in the sealed text', () => {
    const box = secretBoxFromKey(KEY);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', '1:7');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, '1:7')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, '1:8')).toBeUndefined();
    expect(box.seal('JBSWY3DPEHPK3PXP', '1:7')).not.toBe(sealed); // a fresh IV each time
  });

  it('refuses another key, an altered value and garbage', () => {
    const sealed = secretBoxFromKey(KEY).seal('JBSWY3DPEHPK3PXP', '1:7');
    expect(secretBoxFromKey('x'.repeat(32)).open(sealed, '1:7')).toBeUndefined();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(secretBoxFromKey(KEY).open(parts.join('.'), '1:7')).toBeUndefined();
    expect(secretBoxFromKey(KEY).open('nonsense', '1:7')).toBeUndefined();
  });

  it('without WATEROPS_SECRET_KEY keeps a key file in the data folder that a restart reads again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'waterops-key-'));
    try {
      const config = { WATEROPS_DATA_DIR: dir, WATEROPS_SECRET_KEY: undefined };
      const sealed = (await secretBoxOf({}, config)).seal('SECRET', 'a');
      const file = join(dir, SECRET_KEY_FILE);
      expect((await readFile(file, 'utf8')).trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect((await secretBoxOf({}, config)).open(sealed, 'a')).toBe('SECRET');
      // the configured key wins over the file
      expect((await secretBoxOf({}, { ...config, WATEROPS_SECRET_KEY: KEY })).open(sealed, 'a')).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
