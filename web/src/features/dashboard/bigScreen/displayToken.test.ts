// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { forgetDisplayToken, takeDisplayToken } from './displayToken.ts';

describe('the display token of a wall screen', () => {
  it('is taken from the address once, removed from it, and found again on the next start', () => {
    const first = takeDisplayToken(new URLSearchParams('display=abc123&scenes=map'));
    expect(first.token).toBe('abc123');
    expect(first.rest.toString()).toBe('scenes=map');
    expect(takeDisplayToken(new URLSearchParams('scenes=map')).token).toBe('abc123');
  });

  it('a newer link replaces it; a forgotten one is gone', () => {
    takeDisplayToken(new URLSearchParams('display=old'));
    expect(takeDisplayToken(new URLSearchParams('display=new')).token).toBe('new');
    forgetDisplayToken();
    expect(takeDisplayToken(new URLSearchParams('')).token).toBeNull();
  });
});
