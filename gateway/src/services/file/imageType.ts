// Tells an image's type from its first bytes (its magic number), because the type a client declares can be anything.
// Only the raster formats of IMAGE_TYPES pass: SVG can carry script and is refused.
import type { IMAGE_TYPES } from '@waterops/shared/user';

export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (buf: Uint8Array, bytes: readonly number[], offset = 0): boolean =>
  buf.length >= offset + bytes.length && bytes.every((b, i) => buf[offset + i] === b);

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** The image type of a file's content, or null when it is not one of the accepted formats. */
export const sniffImageType = (buf: Uint8Array): ImageType | null => {
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(buf, ascii('GIF87a')) || startsWith(buf, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(buf, ascii('RIFF')) && startsWith(buf, ascii('WEBP'), 8)) return 'image/webp';
  return null;
};
