import { PERMISSIONS } from '@waterops/shared/auth';
import { describe, expect, it } from 'vitest';
import { decideAccess, routeAccessProblem } from './routeAccess.ts';

describe('routeAccessProblem', () => {
  it.each([
    [{ permission: PERMISSIONS.profileView }, null],
    [{ public: true }, null],
    [undefined, /neither/],
    [{}, /neither/],
    [{ permission: '' }, /neither/],
    [{ public: false }, /neither/],
    [{ public: true, permission: PERMISSIONS.admin }, /both/],
  ])('%o → %s', (access, problem) => {
    const result = routeAccessProblem(access);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toMatch(problem);
  });
});

describe('decideAccess', () => {
  const route = { permission: PERMISSIONS.sysLogView };
  it.each([
    ['anyone on a public route', { public: true }, null, 'allow'],
    ['nobody signed in', route, null, 'unauthorized'],
    ['a holder of the permission', route, [PERMISSIONS.profileView, PERMISSIONS.sysLogView], 'allow'],
    ['a user without it', route, [PERMISSIONS.profileView], 'forbidden'],
    ['a user with no permissions at all', route, [], 'forbidden'],
    ['an administrator', route, [PERMISSIONS.admin], 'allow'],
    ['a signed-in user on a route that declares nothing (fails closed)', {}, [PERMISSIONS.profileView], 'forbidden'],
    ['even an administrator on a route that declares nothing', {}, [PERMISSIONS.admin], 'forbidden'],
  ] as const)('%s → %s', (_who, access, held, decision) => {
    expect(decideAccess(access, held === null ? null : [...held])).toBe(decision);
  });
});

describe('decideAccess with entries not open for the company', () => {
  const route = { permission: PERMISSIONS.sysLogView };
  it.each([
    ['an administrator, the entry not open', [PERMISSIONS.admin], [PERMISSIONS.sysLogView], 'forbidden'],
    ['a holder, the entry not open', [PERMISSIONS.sysLogView], [PERMISSIONS.sysLogView], 'forbidden'],
    ['an administrator, another entry not open', [PERMISSIONS.admin], [PERMISSIONS.sysRoleView], 'allow'],
  ] as const)('%s → %s', (_who, held, notOpened, decision) => {
    expect(decideAccess(route, [...held], [...notOpened])).toBe(decision);
  });
});

describe('decideAccess on a lookup other pages select from (alsoPermitted)', () => {
  const route = { permission: PERMISSIONS.dataRegionView, alsoPermitted: [PERMISSIONS.dataAreaView] };
  it.each([
    ['a holder of the route’s own permission', [PERMISSIONS.dataRegionView], [], 'allow'],
    ['a holder of a page that selects from it', [PERMISSIONS.dataAreaView], [], 'allow'],
    ['a user with neither', [PERMISSIONS.sysLogView], [], 'forbidden'],
    [
      'a holder of the other page, that page not open',
      [PERMISSIONS.dataAreaView],
      [PERMISSIONS.dataAreaView],
      'forbidden',
    ],
    ['an administrator, only the other page open', [PERMISSIONS.admin], [PERMISSIONS.dataRegionView], 'allow'],
    [
      'an administrator, neither open',
      [PERMISSIONS.admin],
      [PERMISSIONS.dataRegionView, PERMISSIONS.dataAreaView],
      'forbidden',
    ],
  ] as const)('%s → %s', (_who, held, notOpened, decision) => {
    expect(decideAccess(route, [...held], [...notOpened])).toBe(decision);
  });
});
