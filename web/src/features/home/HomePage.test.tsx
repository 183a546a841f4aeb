// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { MenuEntry } from '@waterops/shared/user';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { HomePage } from './HomePage.tsx';

const ui = {
  sections: () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent),
  quickLinks: () => screen.getByRole('region', { name: '常用功能' }),
};

const MENUS: MenuEntry[] = [
  {
    id: 1,
    parentId: 0,
    name: '首页',
    path: 'home/HomePage',
    url: '/index',
    css: 'home',
    type: 0,
    hidden: false,
    sort: 1,
    subMenus: [],
  },
  {
    id: 2,
    parentId: 0,
    name: '抄表率',
    path: 'reading/ReadingRatePage',
    url: '/reading/rate',
    css: 'chart',
    type: 0,
    hidden: false,
    sort: 2,
    subMenus: [],
  },
];

beforeEach(() => {
  setAppLiveClient(
    createLiveClient({
      getToken: () => 'token',
      createSocket: () => new FakeLiveSocket('token'),
      onSessionEnded: () => {},
    }),
  );
});
afterEach(() => {
  setAppLiveClient(null);
  vi.unstubAllGlobals();
});

describe('the home page', () => {
  it('greets, then shows the dashboards, then the quick links — and no longer promises dashboards to come', async () => {
    fakeUserServer(demoUser({ permissions: ['reading:rate:view'] }), (url) =>
      url.includes('/menus/current') ? { resp_code: 0, resp_msg: 'ok', datas: MENUS } : undefined,
    );
    renderWithStore(<HomePage />, { session: { signedIn: true } });
    expect(await screen.findByRole('heading', { level: 1, name: /Admin/ })).toBeTruthy();
    await screen.findByRole('region', { name: '抄表率' });
    expect(ui.sections()).toEqual(['数据看板', '常用功能']);
    expect(within(ui.quickLinks()).getByRole('link', { name: '抄表率' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('陆续上线');
  });
});
