// The base map with no tile server: a single background layer. No sources, glyphs or sprites, so maplibre makes no
// request at all — the map works on an isolated network; district names are drawn by deck.gl with system fonts.
import type { StyleSpecification } from 'maplibre-gl';

export const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef1f5' } }],
};
