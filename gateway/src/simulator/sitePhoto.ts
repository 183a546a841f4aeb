// The photos the demo's crews take on site (issue 15): a drawn picture of a street job — asphalt, a valve or meter-pit
// cover, water where it should not be, a traffic cone — varied by the seed, encoded as a small PNG. A drawing, not a
// real photograph: enough for the detail drawer's gallery and the field view to show what crews attach.
import { encodeRgbPng } from '../services/file/pngEncoder.ts';
import { hash32, unit } from './random.ts';

const W = 480;
const H = 360;

/** A site photo fixed by (seed, n). */
export const sitePhoto = (seed: number, n: number): Buffer => {
  const u = (k: number) => unit(seed, 0x9407, n, k);
  const px = new Uint8Array(W * H * 3);
  // where things are
  const cover = { x: 120 + u(1) * 240, y: 120 + u(2) * 140, r: 38 + u(3) * 16 };
  const wet = { x: cover.x + (u(4) - 0.5) * 120, y: cover.y + (u(5) - 0.5) * 60, r: 50 + u(6) * 40 };
  const cone = { x: u(7) < 0.5 ? 40 + u(8) * 60 : W - 100 + u(8) * 50, y: 230 + u(9) * 90 };
  const kerb = 40 + u(10) * 50;
  const tone = 92 + u(11) * 20;
  const phase = u(12) * 6.28;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      // asphalt: grey with grain, the pavement's kerb and slabs above it
      const grain = (hash32(seed, n, x, y) & 15) - 8;
      let r = tone + grain;
      let g = tone + grain;
      let b = tone + 3 + grain;
      if (y < kerb) {
        const slab = (x % 60 < 2 || y % 30 < 2) && y < kerb - 4 ? -25 : 0;
        r = 168 + grain / 2 + slab;
        g = 164 + grain / 2 + slab;
        b = 156 + grain / 2 + slab;
      } else if (y < kerb + 6) {
        r = g = b = 200 + grain / 3;
      }
      // the wet patch: darker and bluish, ragged at the edge, with glints
      const a = Math.atan2(y - wet.y, x - wet.x);
      const edge = wet.r * (1 + 0.18 * Math.sin(3 * a + phase) + 0.1 * Math.sin(7 * a - phase));
      const dw = Math.hypot((x - wet.x) / 1.6, y - wet.y);
      if (y > kerb + 6 && dw < edge) {
        r = r * 0.6;
        g = g * 0.63;
        b = b * 0.7 + 8;
        if ((hash32(seed, n + 7, x, y) & 4095) < 3) r = g = b = 215;
      }
      // the cover: a cast-iron disc with a rim and a grid
      const dc = Math.hypot(x - cover.x, (y - cover.y) * 1.25);
      if (dc < cover.r) {
        const rim = dc > cover.r - 5;
        const grid = (Math.floor((x - cover.x) / 7) + Math.floor((y - cover.y) / 6)) % 2 === 0;
        const v = rim ? 48 : grid ? 70 : 58;
        r = v + grain / 4;
        g = v + grain / 4;
        b = v + 4 + grain / 4;
      }
      // the traffic cone: orange with a white band, on a dark base
      const ch = 70;
      const top = cone.y - ch;
      if (y >= top && y <= cone.y) {
        const half = 4 + ((y - top) / ch) * 20;
        if (Math.abs(x - cone.x) <= half) {
          const band = y > top + ch * 0.35 && y < top + ch * 0.55;
          [r, g, b] = band ? [240, 240, 235] : [235, 110, 30];
        }
      }
      if (y > cone.y && y <= cone.y + 6 && Math.abs(x - cone.x) <= 30) [r, g, b] = [35, 35, 35];
      px[i] = Math.max(0, Math.min(255, r));
      px[i + 1] = Math.max(0, Math.min(255, g));
      px[i + 2] = Math.max(0, Math.min(255, b));
    }
  return encodeRgbPng(W, H, px);
};
