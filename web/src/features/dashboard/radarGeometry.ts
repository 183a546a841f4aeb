// The data radar's geometry apart from React: n axes from the centre, the first straight up and the rest clockwise,
// a value 0–100 % placed along its axis by a d3 scale (clamped, so a bad figure cannot leave the chart), rings at
// even steps, and where each axis's label sits. An axis without a figure (null) is drawn at the centre and flagged.
import { scaleLinear } from 'd3-scale';

export type RadarPoint = { x: number; y: number };

export type RadarFrame = { cx: number; cy: number; radius: number; rings: number; labelGap: number };

// room on both sides for the longest English axis name ('Completeness', 'Reading rate')
export const RADAR_FRAME: RadarFrame = { cx: 160, cy: 110, radius: 76, rings: 4, labelGap: 14 };

export type RadarAxisGeometry = {
  /** the axis's outer end (100 %) */
  end: RadarPoint;
  /** where its label is written, and how the text is anchored there */
  label: RadarPoint;
  anchor: 'start' | 'middle' | 'end';
  /** the value's point on the axis */
  point: RadarPoint;
  /** no figure for this axis */
  missing: boolean;
};

export type RadarGeometry = {
  axes: RadarAxisGeometry[];
  /** the rings' polygons as SVG `points`, innermost first */
  rings: string[];
  /** the values' polygon as SVG `points` */
  shape: string;
};

const round = (v: number) => Math.round(v * 100) / 100;
const pointsOf = (ps: readonly RadarPoint[]) => ps.map((p) => `${p.x},${p.y}`).join(' ');

/** The angle of axis `i` of `n`, radians: the first straight up (−π/2), then clockwise. */
export const radarAngle = (i: number, n: number): number => -Math.PI / 2 + (i * 2 * Math.PI) / n;

export const radarGeometry = (values: readonly (number | null)[], frame: RadarFrame = RADAR_FRAME): RadarGeometry => {
  const n = values.length;
  const r = scaleLinear().domain([0, 100]).range([0, frame.radius]).clamp(true);
  const at = (i: number, distance: number): RadarPoint => {
    const a = radarAngle(i, n);
    return { x: round(frame.cx + distance * Math.cos(a)), y: round(frame.cy + distance * Math.sin(a)) };
  };
  const axes = values.map((v, i): RadarAxisGeometry => {
    const cos = Math.cos(radarAngle(i, n));
    return {
      end: at(i, frame.radius),
      label: at(i, frame.radius + frame.labelGap),
      anchor: cos > 0.1 ? 'start' : cos < -0.1 ? 'end' : 'middle',
      point: at(i, v === null || !Number.isFinite(v) ? 0 : r(v)),
      missing: v === null || !Number.isFinite(v),
    };
  });
  const rings = Array.from({ length: frame.rings }, (_, k) =>
    pointsOf(values.map((_, i) => at(i, (frame.radius * (k + 1)) / frame.rings))),
  );
  return { axes, rings, shape: pointsOf(axes.map((a) => a.point)) };
};
