// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { columnStorageKey, isColumnShown, loadColumnPreferences, saveColumnPreferences } from './columnPreferences.ts';

describe('column preferences', () => {
  it('are stored per table id and column label', () => {
    saveColumnPreferences('meters', { 备注: true, 口径: false });
    expect(loadColumnPreferences('meters')).toEqual({ 备注: true, 口径: false });
    expect(loadColumnPreferences('valves')).toEqual({});
    expect(localStorage.getItem(columnStorageKey('meters'))).toContain('口径');
  });

  it('columns hidden by default stay hidden until shown; a stored choice wins', () => {
    expect(isColumnShown({}, { label: '备注', hiddenByDefault: true })).toBe(false);
    expect(isColumnShown({}, { label: '口径' })).toBe(true);
    expect(isColumnShown({ 备注: true }, { label: '备注', hiddenByDefault: true })).toBe(true);
    expect(isColumnShown({ 口径: false }, { label: '口径' })).toBe(false);
  });

  it('ignore a broken stored entry', () => {
    localStorage.setItem(columnStorageKey('t'), '{nope');
    expect(loadColumnPreferences('t')).toEqual({});
    localStorage.setItem(columnStorageKey('t'), '{"a":"yes","b":false}');
    expect(loadColumnPreferences('t')).toEqual({ b: false });
  });
});
