// Synthetic meter columns for the map bench and the browser test (only reached under automation, see
// OperationsMapPage): a deterministic city of clustered meters around the map centre, in BD-09 like real data.
import { MAP_CENTER_BD09 } from '@waterops/shared/geo';

export type MeterColumns = { length: number; lng: Float64Array; lat: Float64Array; status: Uint8Array };

/** n meters in ~200 neighbourhoods within ±0.2° of the centre; ~94 % online, 5 % offline, 1 % in alarm. */
export function syntheticMeters(n: number, seed = 42): MeterColumns {
  let s = seed >>> 0 || 1;
  const next = () => {
    // xorshift32: fast and reproducible across engines
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
  const hubs = 200;
  const hx = new Float64Array(hubs);
  const hy = new Float64Array(hubs);
  for (let h = 0; h < hubs; h++) {
    hx[h] = MAP_CENTER_BD09[0] + (next() - 0.5) * 0.4;
    hy[h] = MAP_CENTER_BD09[1] + (next() - 0.5) * 0.4;
  }
  const lng = new Float64Array(n);
  const lat = new Float64Array(n);
  const status = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const h = Math.floor(next() * hubs);
    lng[i] = (hx[h] as number) + (next() - 0.5) * 0.012;
    lat[i] = (hy[h] as number) + (next() - 0.5) * 0.009;
    const r = next();
    status[i] = r < 0.01 ? 2 : r < 0.06 ? 1 : 0;
  }
  return { length: n, lng, lat, status };
}
