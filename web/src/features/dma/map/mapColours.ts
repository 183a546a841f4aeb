// The operations map's colour rules, shared by the layers and the legend so both always agree.
// 产销差率 buckets follow the national guidance figures (CJJ 92-2016: 10 % the target, 12 % the ceiling after
// corrections) and what utilities call a serious loss (> 20 %).
import type { NightFlowStatus } from '@waterops/shared/dma';
import { MAP_METER_STATUS } from '@waterops/shared/dma';

export type Rgba = [number, number, number, number];

export const LOSS_BUCKETS = ['good', 'fair', 'poor', 'bad', 'none'] as const;
export type LossBucket = (typeof LOSS_BUCKETS)[number];

/** Upper bounds (fractions, inclusive) of the first three buckets. */
export const LOSS_BOUNDS = { good: 0.1, fair: 0.12, poor: 0.2 } as const;

export const LOSS_COLOURS: Record<LossBucket, Rgba> = {
  good: [35, 133, 81, 255],
  fair: [236, 179, 0, 255],
  poor: [235, 110, 25, 255],
  bad: [205, 66, 70, 255],
  none: [143, 153, 168, 255],
};

export function lossBucket(rate: number | null | undefined): LossBucket {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return 'none';
  if (rate <= LOSS_BOUNDS.good) return 'good';
  if (rate <= LOSS_BOUNDS.fair) return 'fair';
  if (rate <= LOSS_BOUNDS.poor) return 'poor';
  return 'bad';
}

export const NIGHT_FLOW_COLOURS: Record<NightFlowStatus, Rgba> = {
  normal: [35, 133, 81, 255],
  leak: [205, 66, 70, 255],
  unknown: [143, 153, 168, 255],
};

export type DistrictColouring = 'lossRate' | 'nightFlow';

/** A district's fill (translucent, so meters and pipes under it stay visible) and its outline. */
export function districtFill(
  d: { lossRate: number | null; nightFlowStatus: NightFlowStatus },
  by: DistrictColouring,
  alpha = 90,
): Rgba {
  const c = by === 'lossRate' ? LOSS_COLOURS[lossBucket(d.lossRate)] : NIGHT_FLOW_COLOURS[d.nightFlowStatus];
  return [c[0], c[1], c[2], alpha];
}

export const METER_STATUS_KEYS = ['online', 'offline', 'alarm'] as const;
export type MeterStatusKey = (typeof METER_STATUS_KEYS)[number];

export const METER_COLOURS: Record<MeterStatusKey, Rgba> = {
  online: [45, 114, 210, 255],
  offline: [115, 128, 145, 255],
  alarm: [205, 66, 70, 255],
};

const STATUS_COLOUR: Rgba[] = [METER_COLOURS.online, METER_COLOURS.offline, METER_COLOURS.alarm];

/** One RGBA quadruple per meter (deck.gl's binary getFillColor, size 4) — no per-meter objects. */
export function meterColours(status: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(status.length * 4);
  for (let i = 0; i < status.length; i++) {
    const c = STATUS_COLOUR[status[i] as number] ?? METER_COLOURS.offline;
    out.set(c, i * 4);
  }
  return out;
}

export const meterStatusKey = (status: number): MeterStatusKey =>
  status === MAP_METER_STATUS.alarm ? 'alarm' : status === MAP_METER_STATUS.offline ? 'offline' : 'online';

/** Pipe width in pixels by diameter class (DN): service pipes thin, trunk mains thick. */
export function pipeWidth(diameterMm: number | null): number {
  if (diameterMm === null) return 2;
  if (diameterMm < 100) return 1.5;
  if (diameterMm < 300) return 3;
  if (diameterMm < 600) return 5;
  return 7;
}

export const PIPE_COLOURS: Record<string, Rgba> = {
  PE: [0, 158, 196, 255],
  PVC: [106, 176, 76, 255],
  DI: [64, 86, 161, 255],
  STEEL: [95, 107, 124, 255],
  CI: [140, 95, 60, 255],
  PCCP: [155, 89, 182, 255],
  CONCRETE: [170, 150, 120, 255],
};
const PIPE_OTHER: Rgba = [80, 80, 80, 255];
/** Pipe colour by material; a pipe out of service (status 0) is drawn pale. */
export function pipeColour(material: string | null, status: number): Rgba {
  const c = (material && PIPE_COLOURS[material.toUpperCase()]) || PIPE_OTHER;
  return status === 0 ? [c[0], c[1], c[2], 90] : c;
}
