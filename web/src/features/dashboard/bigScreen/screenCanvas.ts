// The big screen's canvas: laid out at a design size and scaled to the screen as one piece, so a 1080p panel, a 4K
// panel and a 32:9 video wall show the same design without clipping, distortion or scroll bars. The design is 1080
// units tall at 16:9 and wider: a wider wall gets a wider canvas (32:9 → 3840 × 1080, more room for the scene's
// grid), never a stretched one; a narrower screen (4:3, portrait) gets a taller one, 1920 wide. The canvas always
// fills the viewport exactly, so there are no bars either.

export const DESIGN_WIDTH = 1920;
export const DESIGN_HEIGHT = 1080;

export type Viewport = { width: number; height: number };
/** The canvas in design units and the one factor that maps it onto the viewport. */
export type CanvasFit = { width: number; height: number; scale: number };

export const fitCanvas = (viewport: Viewport): CanvasFit => {
  const width = Math.max(1, viewport.width);
  const height = Math.max(1, viewport.height);
  if (width / height >= DESIGN_WIDTH / DESIGN_HEIGHT) {
    const scale = height / DESIGN_HEIGHT;
    // floor: a canvas one unit wider than the viewport would be a scroll bar
    return { width: Math.floor(width / scale), height: DESIGN_HEIGHT, scale };
  }
  const scale = width / DESIGN_WIDTH;
  return { width: DESIGN_WIDTH, height: Math.floor(height / scale), scale };
};

/** How many equal columns a scene's grid gets on a canvas this wide: 16:9 → base, 32:9 → twice as many. */
export const columnsFor = (canvasWidth: number, base: number): number =>
  Math.max(base, Math.round((base * canvasWidth) / DESIGN_WIDTH));
