// Access tokens: 32 random bytes, base64url, handed to the client once; the database keeps only their SHA-256, so a
// leaked table does not let anyone sign in. SHA-256 (not scrypt) is enough: the token has 256 bits of entropy.
import { createHash, randomBytes } from 'node:crypto';

export const newAccessToken = (): string => randomBytes(32).toString('base64url');

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The token of an `Authorization: bearer <token>` header (scheme case-insensitive), or undefined. */
export const bearerToken = (header: string | undefined): string | undefined => {
  const match = /^bearer\s+([A-Za-z0-9_-]{16,128})\s*$/i.exec(header ?? '');
  return match?.[1];
};

/** `Authorization: Basic base64(id:secret)` → the client credential, or undefined when absent or malformed. */
export const basicCredential = (header: string | undefined): { id: string; secret: string } | undefined => {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
};
