// Hooks for the browser test and the map bench, present only under automation (navigator.webdriver is true in a
// Playwright/WebDriver-driven browser and false for every user): counts of deck.gl renders, the layers drawn, the
// maplibre instance to project and pan with, and synthetic meters for the bench (?bench=<n>&layer=ours|bare).
import type { Map as MaplibreMap } from 'maplibre-gl';

export type OpsMapProbe = {
  afterRenders: number;
  layerIds: string[];
  zoom: number;
  map: MaplibreMap | null;
  /** each district's name and its label position in the display frame */
  districts: { id: number; name: string; centre: [number, number] | null }[];
  /** meters drawn and how long converting their columns took (ms) */
  meters: number;
  convertMs: number;
  bench: { count: number; layer: 'ours' | 'bare' } | null;
};

declare global {
  interface Window {
    __opsMap?: OpsMapProbe;
  }
}

export const underAutomation = (): boolean => typeof navigator !== 'undefined' && navigator.webdriver === true;

/** The probe, created on first use under automation; null for users. */
export function probe(): OpsMapProbe | null {
  if (!underAutomation()) return null;
  window.__opsMap ??= {
    afterRenders: 0,
    layerIds: [],
    zoom: 0,
    map: null,
    districts: [],
    meters: 0,
    convertMs: 0,
    bench: null,
  };
  return window.__opsMap;
}

/** ?bench=<meters>&layer=ours|bare, honoured under automation only. */
export function benchRequest(search: string): OpsMapProbe['bench'] {
  if (!underAutomation()) return null;
  const q = new URLSearchParams(search);
  const count = Number(q.get('bench'));
  if (!Number.isInteger(count) || count <= 0 || count > 2_000_000) return null;
  return { count, layer: q.get('layer') === 'bare' ? 'bare' : 'ours' };
}
