// @vitest-environment jsdom
// The tags bar keeps the active tab in view: a page opened as the eleventh tab must not sit hidden behind 更多操作.
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { TagsBar } from './TagsBar.tsx';
import { routeVisited } from './tagsSlice.ts';

const route = (n: number): AppRoute =>
  ({
    id: n,
    path: `/page${n}`,
    title: `页面${n}`,
    icon: '',
    component: 'x/X',
    hidden: false,
    affix: false,
  }) as AppRoute;
const visit = (n: number) =>
  routeVisited({ path: `/page${n}`, fullPath: `/page${n}`, title: `页面${n}`, affix: false, cache: true });

/** The bar under a page that changes as the router would change it. */
let openPage: (n: number) => void = () => undefined;
function Harness() {
  const [n, setN] = useState(1);
  openPage = setN;
  return <TagsBar match={route(n)} />;
}

const original = HTMLElement.prototype.scrollIntoView;
afterEach(() => {
  HTMLElement.prototype.scrollIntoView = original;
});

describe('TagsBar', () => {
  it('scrolls the active tab into view once the layout has added it (its effect runs after the bar’s)', () => {
    const scrolled: string[] = [];
    // jsdom lays nothing out and has no scrollIntoView: record which element was asked to come into view
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    };
    const { store } = renderWithStore(<Harness />);
    act(() => {
      for (let n = 1; n <= 10; n++) store.dispatch(visit(n));
    });
    scrolled.length = 0;
    // the eleventh page: the bar renders before its tab exists, as under the real layout
    act(() => openPage(11));
    act(() => {
      store.dispatch(visit(11));
    });
    expect(screen.getByRole('link', { current: 'page' }).textContent).toContain('页面11');
    expect(scrolled.at(-1)).toContain('页面11');
  });
});
