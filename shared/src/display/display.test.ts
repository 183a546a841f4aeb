import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../auth/permissions.ts';
import { WIDGET_PERMISSIONS } from '../dashboard/index.ts';
import { DISPLAY_PERMISSIONS, displayScreenUrl, displayStateOf, validateDisplayIssue } from './index.ts';

describe('display tokens', () => {
  it('hold every widget source permission and the big screen’s pages, and nothing that edits or administers', () => {
    for (const codes of Object.values(WIDGET_PERMISSIONS))
      for (const code of codes ?? []) expect(DISPLAY_PERMISSIONS).toContain(code);
    for (const code of [
      PERMISSIONS.monitoringAlarmView,
      PERMISSIONS.dmaDistrictView,
      PERMISSIONS.dmaAnalysisView,
      PERMISSIONS.workOrderView,
      PERMISSIONS.profileView,
    ])
      expect(DISPLAY_PERMISSIONS).toContain(code);
    expect(DISPLAY_PERMISSIONS).not.toContain(PERMISSIONS.admin);
    expect(DISPLAY_PERMISSIONS.filter((p) => !p.endsWith(':view'))).toEqual([]);
    expect(DISPLAY_PERMISSIONS.filter((p) => p.startsWith('sys:'))).toEqual([]);
  });

  it.each([
    [{ revokedAt: null, expiresAt: new Date('2027-01-01T00:00:00Z') }, 'active'],
    [{ revokedAt: null, expiresAt: new Date('2026-12-07T08:00:00Z') }, 'expired'],
    [{ revokedAt: new Date('2026-12-01T00:00:00Z'), expiresAt: new Date('2027-01-01T00:00:00Z') }, 'revoked'],
    [{ revokedAt: new Date('2026-12-01T00:00:00Z'), expiresAt: new Date('2026-12-02T00:00:00Z') }, 'revoked'],
  ] as const)('is %o → %s at 2026-12-07 08:00Z', (token, state) => {
    expect(displayStateOf(token, new Date('2026-12-07T08:00:00Z'))).toBe(state);
  });

  it('opens the big screen at the web app’s origin with the token in the hash route', () => {
    expect(displayScreenUrl('https://ops.example.com/', 'abc_-1')).toBe(
      'https://ops.example.com/#/bigScreen?display=abc_-1',
    );
    expect(displayScreenUrl('https://ops.example.com/waterops/', 'x')).toBe(
      'https://ops.example.com/waterops/#/bigScreen?display=x',
    );
  });

  it.each([
    [{ name: '调度中心大屏' }, []],
    [{ name: '调度中心大屏', days: 1 }, []],
    [{ name: '调度中心大屏', days: '730' }, []],
    [{ name: '  ' }, ['name']],
    [{ name: '屏', days: 0 }, ['days']],
    [{ name: '屏', days: 731 }, ['days']],
    [{ name: '屏', days: '1.5' }, ['days']],
    [{ name: '', days: 'abc' }, ['name', 'days']],
  ] as const)('checks %o: fields in error %o', (input, fields) => {
    expect(validateDisplayIssue(input).map((v) => v.field)).toEqual(fields);
  });
});
