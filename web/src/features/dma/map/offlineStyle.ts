// The base map with no tile server: a single background layer. No sources, glyphs or sprites, so maplibre makes no
// request at all — the map works on an isolated network; district names are drawn by deck.gl with system fonts.
import type { StyleSpecification } from 'maplibre-gl';

export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f5' } }],
};

/** The same on a dark page (the big screen): a deep blue ground the districts and alarms stand out on. */
export const OFFLINE_STYLE_DARK: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#0a1b31' } }],
};
