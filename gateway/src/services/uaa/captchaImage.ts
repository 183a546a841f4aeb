// The verification code: 4 random characters rasterized into a PNG. An SVG with one path per character was read by a
// 50-line script every time (issue 17), so nothing here survives as vector data: the strokes of a small stroke font
// of our own are bent by a wave warp, rotated, skewed and pushed into each other, crossed by curves drawn in the same
// ink, and only pixels leave the server. It slows a script down; lockout and per-IP limits remain the real defence.
import { randomInt } from 'node:crypto';
import { encodeRgbPng } from '../file/pngEncoder.ts';

/** No 0/O, 1/I, Q: characters people confuse. Compared case-insensitively. */
export const CAPTCHA_ALPHABET = '23456789ABCDEFGHJKLMNPRSTUVWXYZ';
export const CAPTCHA_LENGTH = 4;
/** Pixels of the PNG: twice the 120 × 30 the form shows, so the picture stays sharp on high-density screens. */
export const CAPTCHA_WIDTH = 240;
export const CAPTCHA_HEIGHT = 60;

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

type Rgb = readonly [number, number, number];

/** 8-bit RGB pixels, row by row. */
export type RgbImage = { width: number; height: number; rgb: Uint8Array };

/** An RGB raster with anti-aliased thick strokes: all the drawing the code image needs. */
class Canvas implements RgbImage {
  readonly rgb: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rgb = new Uint8Array(width * height * 3);
  }

  /** Blends `color` into one pixel with coverage `alpha` (0…1). */
  blend(x: number, y: number, color: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 3;
    const a = Math.min(1, alpha);
    for (let c = 0; c < 3; c++) this.rgb[i + c] = Math.round((this.rgb[i + c] ?? 0) * (1 - a) + (color[c] ?? 0) * a);
  }

  /** A round-capped segment of width `w`, its edge anti-aliased over one pixel. */
  segment([ax, ay]: Point, [bx, by]: Point, w: number, color: Rgb): void {
    const r = w / 2;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - r - 1));
    const x1 = Math.min(this.width - 1, Math.ceil(Math.max(ax, bx) + r + 1));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - r - 1));
    const y1 = Math.min(this.height - 1, Math.ceil(Math.max(ay, by) + r + 1));
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const t = Math.max(0, Math.min(1, ((x + 0.5 - ax) * dx + (y + 0.5 - ay) * dy) / len2));
        const d = Math.hypot(x + 0.5 - (ax + t * dx), y + 0.5 - (ay + t * dy));
        this.blend(x, y, color, r + 0.5 - d);
      }
  }

  polyline(points: readonly Point[], w: number, color: Rgb): void {
    for (let i = 1; i < points.length; i++) this.segment(points[i - 1] as Point, points[i] as Point, w, color);
  }
}

/** A line cut into short steps, so that a warp applied to the points bends it. */
const subdivide = (points: readonly Point[], step: number): Point[] => {
  const out: Point[] = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev) {
      const n = Math.max(1, Math.ceil(Math.hypot(p[0] - prev[0], p[1] - prev[1]) / step));
      for (let k = 1; k < n; k++)
        out.push([prev[0] + ((p[0] - prev[0]) * k) / n, prev[1] + ((p[1] - prev[1]) * k) / n]);
    }
    out.push(p);
  });
  return out;
};

/** HSL (h in degrees, s and l 0…1) to RGB bytes. */
const hsl = (h: number, s: number, l: number): Rgb => {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
};

/**
 * Draws a code as RGB pixels. `random` only shapes the picture (warp, placement, colours, noise), never the code, so
 * a test can pass a seeded one.
 */
export const renderCaptchaPixels = (code: string, random: () => number = Math.random): RgbImage => {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const between = (a: number, b: number) => a + (b - a) * random();
  const canvas = new Canvas(W, H);

  // Background: a soft horizontal gradient between two light tints, then light speckles.
  const left = hsl(between(0, 360), between(0.3, 0.5), between(0.88, 0.94));
  const right = hsl(between(0, 360), between(0.3, 0.5), between(0.88, 0.94));
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      for (let c = 0; c < 3; c++) {
        const [from, to] = [left[c] ?? 0, right[c] ?? 0];
        canvas.rgb[i + c] = Math.round(from + ((to - from) * x) / W);
      }
    }
  for (let i = 0; i < (W * H) / 12; i++)
    canvas.blend(
      Math.floor(between(0, W)),
      Math.floor(between(0, H)),
      hsl(between(0, 360), 0.4, between(0.55, 0.8)),
      0.6,
    );

  // One wave warp for the whole picture: glyphs and the curves through them bend alike, so no glyph keeps the shape
  // of its template.
  const ax = between(2.5, 4);
  const ay = between(3, 5);
  const fx = between(0.035, 0.055);
  const fy = between(0.1, 0.16);
  const px = between(0, 2 * Math.PI);
  const py = between(0, 2 * Math.PI);
  const warp = ([x, y]: Point): Point => [x + ax * Math.sin(fy * y + px), y + ay * Math.sin(fx * x + py)];

  // A light curve behind the glyphs, then the glyphs.
  const curve = (width: number, color: Rgb) => {
    const y0 = between(H * 0.25, H * 0.75);
    const y1 = between(H * 0.25, H * 0.75);
    const amp = between(6, 14);
    const phase = between(0, 2 * Math.PI);
    const waves = between(5, 7);
    const pts: Point[] = [];
    for (let x = -4; x <= W + 4; x += 3)
      pts.push([x, y0 + ((y1 - y0) * x) / W + amp * Math.sin((x / W) * waves + phase)]);
    canvas.polyline(pts.map(warp), width, color);
  };
  curve(between(2, 3), hsl(between(0, 360), 0.4, 0.7));

  // The cells overlap: each glyph is wider than its share of the width, so neighbours touch and a script cannot cut
  // the picture into characters at blank columns.
  const cell = between(33, 37);
  const start = (W - cell * code.length) / 2 + between(-10, 10);
  const inks: Rgb[] = [];
  [...code].forEach((ch, i) => {
    const strokes = GLYPHS[ch];
    if (!strokes) throw new Error(`no glyph for ${JSON.stringify(ch)}`);
    const scale = between(6.6, 7.4);
    const angle = (between(-20, 20) * Math.PI) / 180;
    const skew = between(-0.3, 0.3);
    const cx = start + cell * i + cell / 2 + between(-2, 2);
    const cy = H / 2 + between(-2, 2);
    const ink = hsl(between(0, 360), between(0.55, 0.8), between(0.2, 0.35));
    inks.push(ink);
    const place = ([x, y]: Point): Point => {
      const gx = (x - 2 + skew * (y - 3)) * scale;
      const gy = (y - 3) * scale;
      return [cx + gx * Math.cos(angle) - gy * Math.sin(angle), cy + gx * Math.sin(angle) + gy * Math.cos(angle)];
    };
    const width = between(4, 5);
    for (const stroke of strokes) canvas.polyline(subdivide(stroke.map(place), 3).map(warp), width, ink);
  });

  // Two curves in the glyphs' own inks run through them: a script that keeps the dark pixels keeps the curves too,
  // and every glyph ends up joined to its neighbours.
  curve(between(2.2, 3), inks[Math.floor(between(0, inks.length))] ?? [40, 40, 40]);
  curve(between(1.6, 2.4), inks[Math.floor(between(0, inks.length))] ?? [40, 40, 40]);

  // Foreground speckles in dark and light, so ink cannot be told from paper by a single threshold.
  for (let i = 0; i < (W * H) / 30; i++) {
    const dark = random() < 0.5;
    canvas.blend(
      Math.floor(between(0, W)),
      Math.floor(between(0, H)),
      hsl(between(0, 360), 0.5, dark ? between(0.2, 0.4) : between(0.85, 0.98)),
      between(0.5, 0.9),
    );
  }
  return canvas;
};

/** The code image sent to the browser. */
export const renderCaptchaPng = (code: string, random: () => number = Math.random): Buffer => {
  const canvas = renderCaptchaPixels(code, random);
  return encodeRgbPng(canvas.width, canvas.height, canvas.rgb);
};
