// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../test/renderDialog.tsx';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { Permission, usePermission } from './Permission.tsx';

const ui = {
  guarded: () => screen.queryByRole('button', { name: 'guarded' }),
  hookResult: () => screen.getByTestId('can').textContent,
  ready: () => screen.findByText('ready'),
};

afterEach(() => vi.unstubAllGlobals());

function Probe() {
  const can = usePermission();
  return (
    <>
      <Permission any={['meter:edit', 'meter:delete']}>
        <button type="button">guarded</button>
      </Permission>
      <span data-testid="can">{String(can(['meter:edit']))}</span>
      <Permission any={[]}>ready</Permission>
    </>
  );
}

const renderAs = (permissions: string[]) => {
  fakeUserServer(demoUser({ permissions }));
  return renderWithStore(<Probe />, { session: { signedIn: true } });
};

describe('the permission directive', () => {
  it.each([
    ['one of the listed permissions', ['meter:delete'], true],
    ['admin', ['admin'], true],
    ['no permission list at all (spec: admin is added)', [], true],
    ['only other permissions', ['sys:log:view'], false],
  ])('with %s the element is shown: %s', async (_name, permissions, shown) => {
    renderAs(permissions);
    await ui.ready();
    expect(ui.guarded() !== null).toBe(shown);
  });

  it('usePermission answers the same check', async () => {
    renderAs(['sys:log:view']);
    await ui.ready();
    expect(ui.hookResult()).toBe('false');
  });
});
