// The verification code: 4 random characters drawn as SVG strokes with noise. The characters are paths from a small
// stroke font of our own, not <text>, so the code cannot be read out of the SVG source; each glyph is jittered,
// scaled and rotated, and crossed by noise curves and dots.
import { randomInt } from 'node:crypto';

/** No 0/O, 1/I, Q: characters people confuse. Compared case-insensitively. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPRSTUVWXYZ';
export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;

type Point = readonly [number, number];
type Stroke = readonly Point[];

// Glyphs on a 4 × 6 grid (x right, y down): polylines of `x,y` points, strokes separated by `|`.
const GLYPH_SOURCE: Record<string, string> = {
  '2': '0,1 1,0 3,0 4,1 4,2 0,6 4,6',
  '3': '0,0 4,0 2,2.5 3,2.5 4,3.5 4,5 3,6 1,6 0,5',
  '4': '3,6 3,0 0,4 4,4',
  '5': '4,0 0,0 0,2.5 3,2.5 4,3.5 4,5 3,6 0,6',
  '6': '3.5,0 1,0 0,1.5 0,5 1,6 3,6 4,5 4,3.5 3,2.5 0,2.5',
  '7': '0,0 4,0 1.5,6',
  '8': '1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3',
  '9': '4,3.5 1,3.5 0,2.5 0,1 1,0 3,0 4,1 4,5 3,6 0.5,6',
  A: '0,6 2,0 4,6|1,3.5 3,3.5',
  B: '0,3 0,0 3,0 4,1 4,2 3,3 0,3 0,6 3,6 4,5 4,4 3,3',
  C: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5',
  D: '0,0 0,6 2.5,6 4,4.5 4,1.5 2.5,0 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  G: '4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3.5 2.5,3.5',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  J: '1,0 4,0|3,0 3,5 2,6 1,6 0,5',
  K: '0,0 0,6|4,0 0,3.5|1.3,2.7 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  P: '0,6 0,0 3,0 4,1 4,2 3,3 0,3',
  R: '0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6',
  S: '4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,5 1,6 3,6 4,5 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,2 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
};

const GLYPHS: Record<string, readonly Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_SOURCE).map(([ch, src]) => [
    ch,
    src.split('|').map((stroke) => stroke.split(' ').map((pt) => pt.split(',').map(Number) as unknown as Point)),
  ]),
);

/** The glyph strokes of a character (exported for the test that every alphabet character can be drawn). */
export const glyphOf = (ch: string): readonly Stroke[] | undefined => GLYPHS[ch];

/** A new random code, from a cryptographic source (the code is a secret until typed). */
export const newCaptchaCode = (): string =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');

/** The normal form codes are compared and hashed in. */
export const normalizeCaptcha = (code: string): string => code.trim().toUpperCase();

const f = (n: number): string => n.toFixed(1);

/**
 * Draws a code as an SVG document. `random` only shapes the picture (jitter, colours, noise), never the code, so a
 * test can pass a seeded one.
 */
export const renderCaptchaSvg = (code: string, random: () => number = Math.random): string => {
  const between = (a: number, b: number) => a + (b - a) * random();
  const dark = () =>
    `hsl(${Math.floor(between(0, 360))},${Math.floor(between(45, 75))}%,${Math.floor(between(20, 38))}%)`;
  const light = () =>
    `hsl(${Math.floor(between(0, 360))},${Math.floor(between(25, 55))}%,${Math.floor(between(55, 78))}%)`;
  const parts: string[] = [
    `<rect width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" fill="hsl(${Math.floor(between(180, 230))},35%,95%)"/>`,
  ];

  // Background noise curves first, so glyphs stay legible on top of them.
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<path d="M${f(between(0, 15))} ${f(between(5, 35))} C${f(between(20, 60))} ${f(between(0, 40))},${f(between(60, 100))} ${f(between(0, 40))},${f(between(105, 120))} ${f(between(5, 35))}" stroke="${light()}" stroke-width="${f(between(1, 2))}" fill="none"/>`,
    );
  }

  const cell = (CAPTCHA_WIDTH - 16) / code.length;
  [...code].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) throw new Error(`no glyph for ${JSON.stringify(ch)}`);
    const scale = between(3.6, 4.4);
    const angle = (between(-22, 22) * Math.PI) / 180;
    const cx = 8 + cell * i + cell / 2 + between(-2, 2);
    const cy = CAPTCHA_HEIGHT / 2 + between(-2, 2);
    const skew = between(-0.25, 0.25);
    const place = ([x, y]: Point): string => {
      // Centre the 4 × 6 glyph on the origin, jitter each point a little, skew, scale, rotate, move into its cell.
      const gx = (x - 2 + between(-0.18, 0.18) + skew * (y - 3)) * scale;
      const gy = (y - 3 + between(-0.18, 0.18)) * scale;
      return `${f(cx + gx * Math.cos(angle) - gy * Math.sin(angle))} ${f(cy + gx * Math.sin(angle) + gy * Math.cos(angle))}`;
    };
    const d = strokes.map((s) => `M${s.map(place).join(' L')}`).join(' ');
    parts.push(
      `<path d="${d}" stroke="${dark()}" stroke-width="${f(between(2.2, 3))}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });

  // Foreground noise: one thin curve through the glyphs and scattered dots.
  parts.push(
    `<path d="M0 ${f(between(12, 28))} Q${f(between(40, 80))} ${f(between(0, 40))} ${CAPTCHA_WIDTH} ${f(between(12, 28))}" stroke="${dark()}" stroke-width="1" fill="none" opacity="0.7"/>`,
  );
  for (let i = 0; i < 24; i++) {
    parts.push(
      `<circle cx="${f(between(0, CAPTCHA_WIDTH))}" cy="${f(between(0, CAPTCHA_HEIGHT))}" r="${f(between(0.6, 1.5))}" fill="${light()}"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}" role="img" aria-label="verification code">${parts.join('')}</svg>`;
};
