import { describe, expect, it } from 'vitest';
import { detailOf, withDetail } from './detailLink.ts';

describe('detail drawer address', () => {
  it('reads ?detail=<kind>:<id>, refusing unknown kinds and bad ids', () => {
    expect(detailOf('?detail=meter:12')).toEqual({ kind: 'meter', id: 12 });
    expect(detailOf('?a=1&detail=concentrator:7')).toEqual({ kind: 'concentrator', id: 7 });
    expect(detailOf('?detail=bill:1')).toBeNull();
    expect(detailOf('?detail=meter:x')).toBeNull();
    expect(detailOf('?detail=meter:-1')).toBeNull();
    expect(detailOf('')).toBeNull();
  });

  it('sets and removes the drawer, keeping other parameters', () => {
    expect(withDetail('?a=1', { kind: 'resident', id: 3 })).toBe('?a=1&detail=resident%3A3');
    expect(detailOf(withDetail('?a=1', { kind: 'resident', id: 3 }))).toEqual({ kind: 'resident', id: 3 });
    expect(withDetail('?a=1&detail=meter:2', null)).toBe('?a=1');
    expect(withDetail('?detail=meter:2', null)).toBe('');
  });
});
