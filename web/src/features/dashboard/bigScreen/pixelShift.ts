// Against burn-in on panels that show the same frame for weeks: the whole canvas moves by a few screen pixels on a
// slow cycle (one step every few minutes, a closed loop around the centre), too little and too slow to be noticed,
// enough that static edges do not sit on the same pixels all day.

/** One step of the cycle, in screen pixels: a small square loop around the centre. */
const OFFSETS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [2, 0],
  [2, 2],
  [0, 2],
  [-2, 2],
  [-2, 0],
  [-2, -2],
  [0, -2],
  [2, -2],
];

/** How long the canvas stays at one offset. */
export const PIXEL_SHIFT_STEP_MS = 3 * 60_000;

/** The offset at a time (epoch ms): the same for every screen at the same minute, no state to keep. */
export const pixelShiftAt = (nowMs: number): { x: number; y: number } => {
  const step = Math.floor(nowMs / PIXEL_SHIFT_STEP_MS) % OFFSETS.length;
  const [x, y] = OFFSETS[step] ?? [0, 0];
  return { x, y };
};
