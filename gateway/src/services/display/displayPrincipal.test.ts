import { describe, expect, it } from 'vitest';
import { DisplayContacts } from './displayPrincipal.ts';

describe('a display’s last contact', () => {
  it('is written at most once a minute per token, each token on its own', () => {
    const contacts = new DisplayContacts(60_000);
    const t0 = new Date('2026-12-07T08:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect(contacts.due('a', t0)).toBe(true);
    expect(contacts.due('a', at(30))).toBe(false);
    expect(contacts.due('b', at(30))).toBe(true);
    expect(contacts.due('a', at(59.999))).toBe(false);
    expect(contacts.due('a', at(60))).toBe(true);
    expect(contacts.due('a', at(100))).toBe(false);
    expect(contacts.due('b', at(90))).toBe(true);
  });
});
