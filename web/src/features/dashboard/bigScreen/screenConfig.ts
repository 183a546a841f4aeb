// What a wall screen shows and for how long, read from its URL (`#/bigScreen?scenes=overview:60,map,leakage&dwell=30`),
// so an administrator sets a screen up once in its kiosk start page and nobody touches it again. Unknown scene names
// and out-of-range times are ignored, never an error on a screen no one is looking at.

/** The scenes, in their default order. */
export const SCENE_IDS = ['overview', 'map', 'leakage', 'workOrders'] as const;
export type SceneId = (typeof SCENE_IDS)[number];
const isSceneId = (v: string): v is SceneId => (SCENE_IDS as readonly string[]).includes(v);

/** Seconds a scene stays by default, and the bounds of a configured dwell. */
export const DEFAULT_DWELL_S = 30;
export const MIN_DWELL_S = 10;
export const MAX_DWELL_S = 3600;

export type ScreenScene = { id: SceneId; dwellMs: number };
export type ScreenConfig = { scenes: ScreenScene[] };

const seconds = (text: string | null | undefined): number | null => {
  if (!text || !/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= MIN_DWELL_S && n <= MAX_DWELL_S ? n : null;
};

/**
 * `scenes`: names in order, each optionally `name:seconds`; `dwell`: the seconds of a scene without its own.
 * Nothing usable → every scene, default order and dwell. A scene named twice shows twice (a longer share).
 */
export const parseScreenConfig = (query: URLSearchParams): ScreenConfig => {
  const dwellS = seconds(query.get('dwell')) ?? DEFAULT_DWELL_S;
  const scenes = (query.get('scenes') ?? '')
    .split(',')
    .map((part) => part.trim().split(':'))
    .filter((bits): bits is [SceneId, ...string[]] => isSceneId(bits[0] ?? ''))
    .map(([id, own]) => ({ id, dwellMs: (seconds(own) ?? dwellS) * 1000 }));
  return { scenes: scenes.length > 0 ? scenes : SCENE_IDS.map((id) => ({ id, dwellMs: dwellS * 1000 })) };
};

/** The scene on show `elapsedMs` after the rotation started: the cycle repeats for ever. */
export const sceneIndexAt = (config: ScreenConfig, elapsedMs: number): number => {
  const cycle = config.scenes.reduce((sum, s) => sum + s.dwellMs, 0);
  let t = ((elapsedMs % cycle) + cycle) % cycle;
  for (let i = 0; i < config.scenes.length; i++) {
    const dwell = config.scenes[i]?.dwellMs ?? 0;
    if (t < dwell) return i;
    t -= dwell;
  }
  return 0;
};
