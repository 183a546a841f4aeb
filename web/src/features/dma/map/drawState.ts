// The "绘制边界" (draw outline) mode as a pure state machine: pick a district, click vertices, finish (double-click
// or the button) to get the ring to save, Esc cancels at any step. The component only dispatches and renders.
import type { LngLat } from '@waterops/shared/geo';

export type DrawState =
  | { mode: 'off' }
  | { mode: 'pick' }
  | { mode: 'draw'; districtId: number; vertices: LngLat[] }
  | { mode: 'saving'; districtId: number; vertices: LngLat[] };

export type DrawAction =
  | { type: 'start' }
  | { type: 'pick'; districtId: number }
  | { type: 'add'; point: LngLat }
  | { type: 'undo' }
  | { type: 'finish' }
  | { type: 'saved' }
  | { type: 'failed' }
  | { type: 'cancel' };

export const DRAW_OFF: DrawState = { mode: 'off' };
export const MIN_VERTICES = 3;

/** Two clicks closer than this (degrees, ~1 m) are one: a double-click adds its position twice otherwise. */
const SAME_POINT = 1e-5;

export function drawReducer(state: DrawState, action: DrawAction): DrawState {
  switch (action.type) {
    case 'start':
      return state.mode === 'off' ? { mode: 'pick' } : state;
    case 'cancel':
      return state.mode === 'saving' ? state : DRAW_OFF;
    case 'pick':
      return state.mode === 'pick' ? { mode: 'draw', districtId: action.districtId, vertices: [] } : state;
    case 'add': {
      if (state.mode !== 'draw') return state;
      const last = state.vertices[state.vertices.length - 1];
      if (last && Math.abs(last[0] - action.point[0]) < SAME_POINT && Math.abs(last[1] - action.point[1]) < SAME_POINT)
        return state;
      return { ...state, vertices: [...state.vertices, action.point] };
    }
    case 'undo':
      return state.mode === 'draw' ? { ...state, vertices: state.vertices.slice(0, -1) } : state;
    case 'finish':
      return state.mode === 'draw' && state.vertices.length >= MIN_VERTICES ? { ...state, mode: 'saving' } : state;
    case 'saved':
      return state.mode === 'saving' ? DRAW_OFF : state;
    case 'failed':
      return state.mode === 'saving' ? { ...state, mode: 'draw' } : state;
  }
}

/** The ring to save: the vertices converted back to the stored frame and closed (first point repeated). */
export function ringToSave(vertices: readonly LngLat[], toStored: (p: LngLat) => LngLat): LngLat[] {
  const ring = vertices.map(toStored);
  const first = ring[0];
  if (first) ring.push([first[0], first[1]]);
  return ring;
}
