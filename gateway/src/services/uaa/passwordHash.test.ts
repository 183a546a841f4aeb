import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwordHash.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('admin123');
    expect(await verifyPassword('admin123', stored)).toBe(true);
    for (const wrong of ['admin124', 'Admin123', 'admin123 ', '', 'admin12'])
      expect(await verifyPassword(wrong, stored), wrong).toBe(false);
  });

  it('stores scrypt with its parameters and a fresh salt, never the password', async () => {
    const a = await hashPassword('same-password');
    const b = await hashPassword('same-password');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same-password');
  });

  it('answers false, without throwing, for a malformed stored hash', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$abc$def', 'bcrypt$10$abc', 'scrypt$16384$8$1$$'])
      expect(await verifyPassword('x', stored), stored).toBe(false);
  });

  it('still verifies a hash made with other scrypt parameters (they are read from the stored form)', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('legacy-pass', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('legacy-pass', stored)).toBe(true);
    expect(await verifyPassword('legacy-pasS', stored)).toBe(false);
  });

  it('treats Unicode compositions of the same text as the same password', async () => {
    const stored = await hashPassword('caf\u00e9-123');
    expect(await verifyPassword('cafe\u0301-123', stored)).toBe(true);
  });

  it('always answers false for an unknown user name', async () => {
    expect(await verifyAgainstDummy('not-a-real-password')).toBe(false);
  });
});
