// deck.gl drawn over maplibre through the map's control API (react-map-gl's useControl). Not interleaved: deck keeps
// its own canvas above the map, which is simpler and works the same with or without a base map.
import { MapboxOverlay, type MapboxOverlayProps } from '@deck.gl/mapbox';
import { useControl } from 'react-map-gl/maplibre';

export function DeckOverlay(props: MapboxOverlayProps) {
  const overlay = useControl<MapboxOverlay>(() => new MapboxOverlay({ ...props, interleaved: false }));
  overlay.setProps({ ...props, interleaved: false });
  return null;
}
