// The community ranking's bars apart from React: each area's share of the largest volume as a bar length in %,
// from a d3 scale starting at zero (so bars compare as volumes, not as differences).
import { scaleLinear } from 'd3-scale';

export type RankingBar = { areaId: number; areaName: string; volumeM3: number; widthPercent: number };

export const rankingBars = (
  areas: readonly { areaId: number; areaName: string; volumeM3: number }[],
  limit = 10,
): RankingBar[] => {
  const shown = areas.slice(0, limit);
  const max = Math.max(0, ...shown.map((a) => a.volumeM3));
  const width = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .range([0, 100])
    .clamp(true);
  return shown.map((a) => ({ ...a, widthPercent: Math.round(width(Math.max(0, a.volumeM3)) * 10) / 10 }));
};
