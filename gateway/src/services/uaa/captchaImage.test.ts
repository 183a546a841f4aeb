import { describe, expect, it } from 'vitest';
import {
  CAPTCHA_ALPHABET,
  CAPTCHA_LENGTH,
  glyphOf,
  newCaptchaCode,
  normalizeCaptcha,
  renderCaptchaSvg,
} from './captchaImage.ts';

/** A seeded generator, so a picture can be drawn twice the same way. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
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

describe('renderCaptchaSvg', () => {
  it('has a glyph for every character of the alphabet, on its 4 × 6 grid', () => {
    for (const c of CAPTCHA_ALPHABET) {
      const strokes = glyphOf(c);
      expect(strokes, c).toBeDefined();
      for (const stroke of strokes ?? []) {
        expect(stroke.length, c).toBeGreaterThanOrEqual(2);
        for (const [x, y] of stroke) {
          expect(x >= 0 && x <= 4 && y >= 0 && y <= 6, `${c}: ${x},${y}`).toBe(true);
        }
      }
    }
  });

  it('draws the characters as paths, never as text the SVG source would give away', () => {
    const svg = renderCaptchaSvg('AB23', seeded(1));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="120" height="40"/);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<text|<tspan|font-family/);
    // background + 3 noise curves + one path per character + the foreground curve
    expect(svg.match(/<path /g)).toHaveLength(3 + 4 + 1);
    expect(svg.match(/<circle /g)?.length).toBeGreaterThanOrEqual(20);
  });

  it('draws a different picture for a different code, and the same for the same code and randomness', () => {
    expect(renderCaptchaSvg('AB23', seeded(7))).toBe(renderCaptchaSvg('AB23', seeded(7)));
    expect(renderCaptchaSvg('AB23', seeded(7))).not.toBe(renderCaptchaSvg('AB24', seeded(7)));
    expect(renderCaptchaSvg('AB23', seeded(7))).not.toBe(renderCaptchaSvg('AB23', seeded(8)));
  });

  it('keeps every drawn point inside the image', () => {
    for (let s = 0; s < 30; s++) {
      const svg = renderCaptchaSvg(newCaptchaCode(), seeded(s + 1));
      const glyphPaths = [
        ...svg.matchAll(/<path d="(M[^"]*)" stroke="[^"]*" stroke-width="[^"]*" fill="none" stroke-linecap/g),
      ];
      expect(glyphPaths).toHaveLength(4);
      for (const [, d] of glyphPaths) {
        const numbers = (d ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
        for (let i = 0; i < numbers.length; i += 2) {
          expect(numbers[i]).toBeGreaterThanOrEqual(0);
          expect(numbers[i]).toBeLessThanOrEqual(120);
          expect(numbers[i + 1]).toBeGreaterThanOrEqual(0);
          expect(numbers[i + 1]).toBeLessThanOrEqual(40);
        }
      }
    }
  });

  it('refuses a character it cannot draw', () => {
    expect(() => renderCaptchaSvg('AB0<')).toThrow(/no glyph/);
  });
});
