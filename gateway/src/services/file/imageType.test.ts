import { describe, expect, it } from 'vitest';
import { sniffImageType } from './imageType.ts';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffImageType', () => {
  it.each([
    [bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    [bytes('GIF87a', [1, 2]), 'image/gif'],
    [bytes('GIF89a', [1, 2]), 'image/gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
  ])('recognizes %o as %s', (content, type) => expect(sniffImageType(content)).toBe(type));

  it.each([
    ['empty', bytes()],
    ['a truncated PNG signature', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['GIF90a', bytes('GIF90a')],
    ['PDF', bytes('%PDF-1.7')],
  ])('refuses %s', (_what, content) => expect(sniffImageType(content)).toBeNull());
});
