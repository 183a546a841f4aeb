import { DEFAULT_OFFLINE_RULE } from '@waterops/shared/monitoring';
import { describe, expect, it } from 'vitest';
import { offlineLevel } from './offlineLevel.ts';

describe('offlineLevel (24 / 48 / 72 h)', () => {
  it.each([
    [0, 'general', 0],
    [23.9, 'general', 0],
    [24, 'alarm', 24],
    [47.9, 'alarm', 24],
    [48, 'severe', 48],
    [72, 'urgent', 72],
    [500, 'urgent', 72],
  ])('%s h offline → %s (limit %s h)', (hours, level, threshold) => {
    expect(offlineLevel(hours, DEFAULT_OFFLINE_RULE)).toEqual({ level, threshold });
  });

  it('follows a tenant’s own hours', () => {
    expect(offlineLevel(5, { alarmHours: 2, severeHours: 4, urgentHours: 8 }).level).toBe('severe');
  });
});
