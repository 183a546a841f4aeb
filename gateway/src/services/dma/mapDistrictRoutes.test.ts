import { describe, expect, it } from 'vitest';
import { nightFlowStatus } from './mapDistrictRoutes.ts';

describe('nightFlowStatus', () => {
  it('is leak with an open event, normal with a nightline of the last week, else unknown', () => {
    expect(nightFlowStatus(1, '2026-03-10', '2026-03-10')).toBe('leak');
    expect(nightFlowStatus(2, undefined, '2026-03-10')).toBe('leak');
    expect(nightFlowStatus(0, '2026-03-04', '2026-03-10')).toBe('normal');
    expect(nightFlowStatus(0, '2026-03-03', '2026-03-10')).toBe('unknown');
    expect(nightFlowStatus(0, undefined, '2026-03-10')).toBe('unknown');
  });
});
