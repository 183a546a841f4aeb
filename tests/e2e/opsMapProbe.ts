// The operations map's automation probe as the browser test and the map bench see it (the page sets
// window.__opsMap only when navigator.webdriver is true: web/src/features/dma/map/automation.ts).
export type OpsMapProbeView = {
  afterRenders: number;
  layerIds: string[];
  zoom: number;
  map: {
    jumpTo(options: { center?: [number, number]; zoom?: number }): void;
    project(lngLat: [number, number]): { x: number; y: number };
    getCanvas(): HTMLCanvasElement;
    getCenter(): { lng: number; lat: number };
  } | null;
  districts: { id: number; name: string; centre: [number, number] | null }[];
  meters: number;
  convertMs: number;
};

declare global {
  interface Window {
    __opsMap?: OpsMapProbeView;
  }
}
