import { describe, expect, it } from 'vitest';
import { basicCredential, bearerToken, hashToken, newAccessToken } from './accessToken.ts';

describe('access tokens', () => {
  it('are 32 random bytes in base64url, different every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, newAccessToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
  });

  it('are stored as their SHA-256, which does not contain them', () => {
    const token = newAccessToken();
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toBe(token);
  });
});

describe('bearerToken', () => {
  const token = 'rfGTmRzY86iDWTZpJywFLi485Q3yKpTa7vczr3nn414';
  it.each([
    [`bearer ${token}`, token],
    [`Bearer ${token}`, token],
    [`BEARER  ${token} `, token],
    [token, undefined],
    ['bearer', undefined],
    ['bearer short', undefined],
    [`Basic ${token}`, undefined],
    [`bearer ${token}"; drop`, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (header, expected) => expect(bearerToken(header)).toBe(expected));
});

describe('basicCredential', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  it.each([
    [`Basic ${b64('webApp:webApp')}`, { id: 'webApp', secret: 'webApp' }],
    [`basic ${b64('app:se:cret')}`, { id: 'app', secret: 'se:cret' }],
    [`Basic ${b64('app:')}`, { id: 'app', secret: '' }],
    [`Basic ${b64(':secret')}`, undefined],
    [`Basic ${b64('nocolon')}`, undefined],
    ['Basic', undefined],
    [`bearer ${b64('a:b')}`, undefined],
    [undefined, undefined],
  ])('reads %j as %j', (header, expected) => expect(basicCredential(header)).toEqual(expected));
});
