import type { LngLat } from '@waterops/shared/geo';
import { describe, expect, it } from 'vitest';
import { DRAW_OFF, type DrawAction, type DrawState, drawReducer, ringToSave } from './drawState.ts';

const run = (actions: DrawAction[], from: DrawState = DRAW_OFF) => actions.reduce(drawReducer, from);

describe('drawReducer', () => {
  it('goes pick → draw → saving → off, keeping the clicked vertices', () => {
    const s = run([
      { type: 'start' },
      { type: 'pick', districtId: 4 },
      { type: 'add', point: [1, 1] },
      { type: 'add', point: [2, 1] },
      { type: 'add', point: [2, 2] },
      { type: 'finish' },
    ]);
    expect(s).toEqual({
      mode: 'saving',
      districtId: 4,
      vertices: [
        [1, 1],
        [2, 1],
        [2, 2],
      ],
    });
    expect(drawReducer(s, { type: 'saved' })).toEqual(DRAW_OFF);
    expect(drawReducer(s, { type: 'failed' }).mode).toBe('draw');
  });

  it('refuses to finish under 3 vertices, drops a double-click duplicate, undoes the last vertex', () => {
    const s = run([
      { type: 'start' },
      { type: 'pick', districtId: 1 },
      { type: 'add', point: [1, 1] },
      { type: 'add', point: [2, 2] },
      { type: 'add', point: [2, 2.000001] },
      { type: 'finish' },
    ]);
    expect(s.mode).toBe('draw');
    expect(s.mode === 'draw' && s.vertices).toHaveLength(2);
    const u = drawReducer(s, { type: 'undo' });
    expect(u.mode === 'draw' && u.vertices).toEqual([[1, 1]]);
  });

  it('cancels (Esc) from pick or draw but not while saving; ignores clicks outside draw', () => {
    expect(run([{ type: 'start' }, { type: 'cancel' }])).toEqual(DRAW_OFF);
    expect(run([{ type: 'start' }, { type: 'pick', districtId: 1 }, { type: 'cancel' }])).toEqual(DRAW_OFF);
    const saving: DrawState = { mode: 'saving', districtId: 1, vertices: [] };
    expect(drawReducer(saving, { type: 'cancel' })).toBe(saving);
    expect(drawReducer(DRAW_OFF, { type: 'add', point: [1, 1] })).toBe(DRAW_OFF);
    expect(drawReducer(DRAW_OFF, { type: 'pick', districtId: 1 })).toBe(DRAW_OFF);
  });
});

describe('ringToSave', () => {
  it('converts each vertex and closes the ring', () => {
    const shift = (p: LngLat): LngLat => [p[0] + 1, p[1]];
    expect(
      ringToSave(
        [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        shift,
      ),
    ).toEqual([
      [1, 0],
      [2, 0],
      [2, 1],
      [1, 0],
    ]);
  });
});
