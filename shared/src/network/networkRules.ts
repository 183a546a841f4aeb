// Pure rules of the network summary: which diameter class a pipe is in, how grouped pipe rows fold into the
// summary's material and diameter tables, and the flow a meter shows between its two latest reads.
import { DIAMETER_CLASSES, type DiameterClass } from './monitoring.ts';

/** < DN100, DN100–300, DN300–600, ≥ DN600 (the lower bound belongs to the class); no diameter: 'unknown'. */
export const diameterClass = (mm: number | null | undefined): DiameterClass => {
  if (mm === null || mm === undefined || !Number.isFinite(mm) || mm <= 0) return 'unknown';
  if (mm < 100) return 'lt100';
  if (mm < 300) return 'dn100to300';
  if (mm < 600) return 'dn300to600';
  return 'ge600';
};

export type PipeGroupRow = { material: string | null; diameterMm: number | null; count: number; lengthM: number };

export type PipeSummary = {
  pipelineCount: number;
  totalLengthM: number;
  byMaterial: { material: string | null; count: number; lengthM: number }[];
  byDiameter: { diameterClass: DiameterClass; count: number; lengthM: number }[];
};

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Folds rows grouped by (material, diameter) into the summary: materials by length, longest first (no material
 * last), every diameter class in its fixed order even when empty so charts keep their axis. Lengths to 0.1 m.
 */
export const summarizePipes = (rows: readonly PipeGroupRow[]): PipeSummary => {
  const materials = new Map<string | null, { count: number; lengthM: number }>();
  const classes = new Map<DiameterClass, { count: number; lengthM: number }>(
    DIAMETER_CLASSES.map((c) => [c, { count: 0, lengthM: 0 }]),
  );
  let count = 0;
  let length = 0;
  for (const r of rows) {
    const material = r.material?.trim() || null;
    const m = materials.get(material) ?? { count: 0, lengthM: 0 };
    m.count += r.count;
    m.lengthM += r.lengthM;
    materials.set(material, m);
    const c = classes.get(diameterClass(r.diameterMm)) as { count: number; lengthM: number };
    c.count += r.count;
    c.lengthM += r.lengthM;
    count += r.count;
    length += r.lengthM;
  }
  const byMaterial = [...materials.entries()]
    .map(([material, v]) => ({ material, count: v.count, lengthM: round1(v.lengthM) }))
    .sort((a, b) => (a.material === null ? 1 : b.material === null ? -1 : b.lengthM - a.lengthM));
  const byDiameter = DIAMETER_CLASSES.map((c) => {
    const v = classes.get(c) as { count: number; lengthM: number };
    return { diameterClass: c, count: v.count, lengthM: round1(v.lengthM) };
  });
  return { pipelineCount: count, totalLengthM: round1(length), byMaterial, byDiameter };
};

export type MeterRead = { readAt: Date; reading: number };

/**
 * m³/h between two register reads (latest first or not: they are ordered here). Null when there are fewer than two,
 * they are at the same instant, or the register went backwards (a swapped or rolled-over meter, not a negative flow).
 * Rounded to 0.001 m³/h.
 */
export const flowBetweenReads = (reads: readonly MeterRead[]): number | null => {
  if (reads.length < 2) return null;
  const [a, b] = [...reads].sort((x, y) => y.readAt.getTime() - x.readAt.getTime()) as [MeterRead, MeterRead];
  const hours = (a.readAt.getTime() - b.readAt.getTime()) / 3_600_000;
  const volume = a.reading - b.reading;
  if (!(hours > 0) || volume < 0 || !Number.isFinite(volume)) return null;
  return Math.round((volume / hours) * 1000) / 1000;
};
