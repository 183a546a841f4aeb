import { describe, expect, it } from 'vitest';
import { decideNavigation, type GuardInput, redirectTarget } from './guard.ts';

const base: GuardInput = {
  path: '/index',
  search: '',
  hasToken: true,
  routesReady: true,
  match: {},
  permissions: ['user:profile:view'],
};
const decide = (over: Partial<GuardInput>) => decideNavigation({ ...base, ...over });

describe('navigation guard', () => {
  it('sends a signed-in user away from /login to /', () => {
    expect(decide({ path: '/login' })).toEqual({ kind: 'redirect', to: '/' });
    expect(decide({ path: '/login', search: '?redirect=%2Fsystem%2FoperationLog' })).toEqual({
      kind: 'redirect',
      to: '/system/operationLog',
    });
  });

  it('without a token allows only the white list; others go to /login with the redirect recorded', () => {
    for (const path of ['/login', '/register', '/401', '/404'])
      expect(decide({ path, hasToken: false })).toEqual({ kind: 'allow' });
    expect(decide({ path: '/system/operationLog', search: '?a=1', hasToken: false })).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/system/operationLog?a=1')}`,
    });
    expect(decide({ path: '/x', hasToken: false, recordRoute: false })).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('/ goes home; waits while routes load; unknown paths go to /404 once loaded', () => {
    expect(decide({ path: '/' })).toEqual({ kind: 'redirect', to: '/index' });
    // the spec's default menu /vab is the home page (not a 404), before the menus have even loaded
    expect(decide({ path: '/vab', routesReady: false, match: null })).toEqual({ kind: 'redirect', to: '/index' });
    expect(decide({ path: '/vab', search: '?tab=1', match: null })).toEqual({ kind: 'redirect', to: '/index?tab=1' });
    expect(decide({ routesReady: false, match: null })).toEqual({ kind: 'load' });
    expect(decide({ match: null })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('a page of the tenant the user is not granted goes to /401; any other unknown path still to /404', () => {
    const withheld = ['/system/account', '/system/operationLog'];
    expect(decide({ path: '/system/account', match: null, withheld })).toEqual({ kind: 'redirect', to: '/401' });
    expect(decide({ path: '/system/accounts', match: null, withheld })).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide({ path: '/system/account', match: null, withheld: [] })).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('meta.permissions: one listed permission is enough, admin sees all, else /401', () => {
    const match = { permissions: ['sys:log:view'] };
    expect(decide({ match })).toEqual({ kind: 'redirect', to: '/401' });
    expect(decide({ match, permissions: ['sys:log:view'] })).toEqual({ kind: 'allow' });
    expect(decide({ match, permissions: ['admin'] })).toEqual({ kind: 'allow' });
  });

  it('after sign-in returns only to local paths', () => {
    expect(redirectTarget('?redirect=%2Fsystem%2FoperationLog')).toBe('/system/operationLog');
    expect(redirectTarget('?redirect=https%3A%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('?redirect=%2F%2Fevil.example')).toBe('/');
    expect(redirectTarget('')).toBe('/');
  });
});
