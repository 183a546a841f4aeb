// How the widgets write their figures: counts with thousands separators (as the DMA pages write volumes), rates
// 0–100 with one decimal (the contract's precision), '—' for a figure that cannot be computed.
import { figure } from '../dma/balanceFormat.ts';

export const countText = (n: number | null | undefined): string => figure(n, 0);

export const percentText = (v: number | null | undefined): string =>
  v === null || v === undefined ? '—' : `${figure(v, 1)} %`;
