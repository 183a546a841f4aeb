import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  glyphOf,
  newCaptchaCode,
  normalizeCaptcha,
  renderCaptchaPng,
} from './captchaImage.ts';

/** A seeded generator, so a picture can be drawn twice the same way. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

/** The chunks of a PNG file, in order. */
const pngChunks = (png: Buffer): { type: string; data: Buffer }[] => {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    out.push({ type: png.toString('latin1', at + 4, at + 8), data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return out;
};

/** The RGB pixels of one of our PNGs (8-bit RGB, filter 0 on every row, as encodeRgbPng writes them). */
const pixels = (png: Buffer): Uint8Array => {
  const raw = inflateSync(Buffer.concat(pngChunks(png).flatMap((c) => (c.type === 'IDAT' ? [c.data] : []))));
  const rgb = new Uint8Array(CAPTCHA_WIDTH * CAPTCHA_HEIGHT * 3);
  for (let y = 0; y < CAPTCHA_HEIGHT; y++) {
    expect(raw[y * (CAPTCHA_WIDTH * 3 + 1)]).toBe(0);
    rgb.set(raw.subarray(y * (CAPTCHA_WIDTH * 3 + 1) + 1, (y + 1) * (CAPTCHA_WIDTH * 3 + 1)), y * CAPTCHA_WIDTH * 3);
  }
  return rgb;
};

// ---- The attack of issue 17 ----

type Pt = [number, number];

/**
 * Reads a code out of an SVG whose characters are one path each, as the script of issue 17 did: take each glyph
 * path's points in order and find the glyph of the (public) stroke font they fit best after the best rotation and
 * scale (a least-squares similarity fit). Answers '' when the markup has no glyph paths.
 */
const readCodeFromMarkup = (body: string): string => {
  const glyphPaths = [...body.matchAll(/<path d="(M[^"]*)"[^>]*stroke-linecap/g)].map(([, d]) => d ?? '');
  const strokesOf = (d: string): Pt[][] =>
    d
      .split('M')
      .filter((s) => s.trim())
      .map((s) => s.split('L').map((p) => p.trim().split(/[ ,]+/).map(Number) as Pt));
  const fit = (template: Pt[], seen: Pt[]): number => {
    const mean = (ps: Pt[]): Pt => [
      ps.reduce((a, p) => a + p[0], 0) / ps.length,
      ps.reduce((a, p) => a + p[1], 0) / ps.length,
    ];
    const [tx, ty] = mean(template);
    const [sx, sy] = mean(seen);
    const z = template.map(([x, y]): Pt => [x - tx, y - ty]);
    const w = seen.map(([x, y]): Pt => [x - sx, y - sy]);
    // complex least squares: w ≈ a·z with a = Σ conj(z)·w / Σ |z|²
    let re = 0;
    let im = 0;
    let zz = 0;
    z.forEach(([zx, zy], i) => {
      const [wx, wy] = w[i] as Pt;
      re += zx * wx + zy * wy;
      im += zx * wy - zy * wx;
      zz += zx * zx + zy * zy;
    });
    const [ar, ai] = [re / zz, im / zz];
    return z.reduce((sum, [zx, zy], i) => {
      const [wx, wy] = w[i] as Pt;
      return sum + (wx - (ar * zx - ai * zy)) ** 2 + (wy - (ar * zy + ai * zx)) ** 2;
    }, 0);
  };
  return glyphPaths
    .map((d) => {
      const seen = strokesOf(d);
      let best = { ch: '?', error: Number.POSITIVE_INFINITY };
      for (const ch of CAPTCHA_ALPHABET) {
        const strokes = (glyphOf(ch) ?? []).map((s) => s.map(([x, y]) => [x, y] as Pt));
        if (strokes.map((s) => s.length).join() !== seen.map((s) => s.length).join()) continue;
        const error = fit(strokes.flat(), seen.flat());
        if (error < best.error) best = { ch, error };
      }
      return best.ch;
    })
    .join('');
};

/** What the code image used to be: one jittered, rotated SVG path per character (the attack's control). */
const vectorDrawing = (code: string, random: () => number): string => {
  const paths = [...code].map((ch, i) => {
    const angle = ((random() - 0.5) * 44 * Math.PI) / 180;
    const scale = 3.6 + random() * 0.8;
    const place = ([x, y]: readonly [number, number]) => {
      const gx = (x - 2 + (random() - 0.5) * 0.36) * scale;
      const gy = (y - 3 + (random() - 0.5) * 0.36) * scale;
      return `${(21 + 26 * i + gx * Math.cos(angle) - gy * Math.sin(angle)).toFixed(1)} ${(20 + gx * Math.sin(angle) + gy * Math.cos(angle)).toFixed(1)}`;
    };
    const d = (glyphOf(ch) ?? []).map((s) => `M${s.map(place).join(' L')}`).join(' ');
    return `<path d="${d}" stroke="#333" stroke-width="2.5" fill="none" stroke-linecap="round"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40">${paths.join('')}</svg>`;
};

describe('newCaptchaCode', () => {
  it('makes codes of 4 characters from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i++) {
      const code = newCaptchaCode();
      expect(code).toHaveLength(CAPTCHA_LENGTH);
      expect([...code].every((c) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
    }
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01IOQ]/);
  });

  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 200 }, newCaptchaCode));
    expect(codes.size).toBeGreaterThan(190);
  });
});

describe('normalizeCaptcha', () => {
  it.each([
    ['ab3d', 'AB3D'],
    ['  Xy7z ', 'XY7Z'],
  ])('reads %j as %j', (typed, normal) => expect(normalizeCaptcha(typed)).toBe(normal));
});

describe('renderCaptchaPng', () => {
  it('has a glyph for every character of the alphabet, on its 4 × 6 grid', () => {
    for (const c of CAPTCHA_ALPHABET) {
      const strokes = glyphOf(c);
      expect(strokes, c).toBeDefined();
      for (const stroke of strokes ?? []) {
        expect(stroke.length, c).toBeGreaterThanOrEqual(2);
        for (const [x, y] of stroke) expect(x >= 0 && x <= 4 && y >= 0 && y <= 6, `${c}: ${x},${y}`).toBe(true);
      }
    }
  });

  it('is a plain RGB PNG of 240 × 60 with pixels only: no text or metadata chunk that could name the code', () => {
    const png = renderCaptchaPng('AB23', seeded(1));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const chunks = pngChunks(png);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]?.data as Buffer;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([240, 60, 8, 2]);
    expect(pixels(png)).toHaveLength(240 * 60 * 3);
  });

  it('draws a different picture for a different code, and the same for the same code and randomness', () => {
    expect(renderCaptchaPng('AB23', seeded(7))).toEqual(renderCaptchaPng('AB23', seeded(7)));
    expect(renderCaptchaPng('AB23', seeded(7))).not.toEqual(renderCaptchaPng('AB24', seeded(7)));
    expect(renderCaptchaPng('AB23', seeded(7))).not.toEqual(renderCaptchaPng('AB23', seeded(8)));
  });

  it('refuses a character it cannot draw', () => {
    expect(() => renderCaptchaPng('AB0<')).toThrow(/no glyph/);
  });
});

describe('what a trivial script can read', () => {
  it('the attack of issue 17 reads every code of a one-path-per-character SVG (the control)…', () => {
    for (let s = 1; s <= 100; s++) {
      const code = newCaptchaCode();
      expect(readCodeFromMarkup(vectorDrawing(code, seeded(s)))).toBe(code);
    }
  });

  it('…and nothing of the image we serve', () => {
    for (let s = 1; s <= 20; s++) {
      const png = renderCaptchaPng(newCaptchaCode(), seeded(s));
      expect(readCodeFromMarkup(png.toString('latin1'))).toBe('');
      expect(readCodeFromMarkup(png.toString('utf8'))).toBe('');
    }
  });

  it('cannot be cut into its characters by keeping the dark pixels and taking the connected blobs', () => {
    // The next trivial step: threshold the ink, find 8-connected blobs of some size; 4 blobs left to right would be
    // the 4 characters, ready for template matching. Overlapping glyphs and curves in the glyphs' own inks join them.
    const blobCount = (rgb: Uint8Array): number => {
      const W = CAPTCHA_WIDTH;
      const H = CAPTCHA_HEIGHT;
      const ink = new Uint8Array(W * H);
      for (let i = 0; i < W * H; i++)
        ink[i] =
          0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0) < 120 ? 1 : 0;
      let blobs = 0;
      for (let start = 0; start < W * H; start++) {
        if (ink[start] !== 1) continue;
        let size = 0;
        const stack = [start];
        ink[start] = 2;
        while (stack.length) {
          const p = stack.pop() as number;
          size++;
          const [x, y] = [p % W, Math.floor(p / W)];
          for (let dy = -1; dy <= 1; dy++)
            for (let dx = -1; dx <= 1; dx++) {
              const [nx, ny] = [x + dx, y + dy];
              const q = ny * W + nx;
              if (nx >= 0 && ny >= 0 && nx < W && ny < H && ink[q] === 1) {
                ink[q] = 2;
                stack.push(q);
              }
            }
        }
        if (size >= 40) blobs++;
      }
      return blobs;
    };
    let segmentable = 0;
    for (let s = 1; s <= 60; s++)
      if (blobCount(pixels(renderCaptchaPng(newCaptchaCode(), seeded(s)))) === 4) segmentable++;
    expect(segmentable).toBeLessThan(6);
  });
});
