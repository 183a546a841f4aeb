// @vitest-environment jsdom
// Blueprint's legacy <Popover> warns on every mount under React 19 ("<Popover> positions content incorrectly under
// React 19 …; migrate to <PopoverNext>"): 60 of 90 page visits logged it. It came from our own drop-downs only —
// Blueprint's Select, Suggest, MultiSelect, DateInput, DateRangeInput, Tooltip, MenuItem and Breadcrumbs already use
// PopoverNext inside (core 6.20, select 6.3, datetime 6.2). Each of ours is rendered and opened here: none may warn.
import { Popover } from '@blueprintjs/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { AppRoute } from '../app/router/buildMenuRoutes.ts';
import { ColumnChooser } from '../components/ColumnChooser.tsx';
import { DeviceCommandButton } from '../features/command/DeviceCommandButton.tsx';
import { MessageBell } from '../features/notice/MessageBell.tsx';
import { demoUser, fakeUserServer } from '../test/renderDialog.tsx';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { HorizontalMenu } from './HorizontalMenu.tsx';
import { SideMenu } from './SideMenu.tsx';
import { TagsBar } from './TagsBar.tsx';
import { TopBar } from './TopBar.tsx';
import { testMenu } from './testMenu.ts';

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  // silent: the warnings are asserted on, not shown
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
});

/** The legacy popover's React 19 warnings logged so far. */
const popoverWarnings = () =>
  warn.mock.calls.map((args) => String(args[0])).filter((text) => /<Popover>|migrate to <PopoverNext>/.test(text));
/** Every Blueprint development warning logged so far. */
const blueprintWarnings = () =>
  warn.mock.calls.map((args) => String(args[0])).filter((text) => text.includes('[Blueprint]'));

const home = (routes: AppRoute[]) => routes.find((r) => r.path === '/index') as AppRoute;
const signedIn = { session: { signedIn: true } } as const;

describe('our drop-downs under React 19', () => {
  it('the check sees the warning of a legacy <Popover> (so that its silence below means something)', () => {
    render(
      <Popover content={<span>menu</span>}>
        <button type="button">open</button>
      </Popover>,
    );
    expect(popoverWarnings()).toHaveLength(1);
  });

  it('the column chooser opens without the warning', async () => {
    renderWithStore(
      <ColumnChooser columns={[{ label: '表身号' }]} isShown={() => true} onChange={() => {}} onReset={() => {}} />,
    );
    await userEvent.click(screen.getByRole('button', { name: '列设置' }));
    expect(await screen.findByRole('checkbox', { name: '表身号' })).toBeTruthy();
    expect(popoverWarnings()).toEqual([]);
  });

  it('the device command button opens without the warning', async () => {
    fakeUserServer(demoUser({ permissions: ['device:command:edit'] }));
    renderWithStore(<DeviceCommandButton kind="concentrator" deviceId={9} code="C09" />, signedIn);
    await userEvent.click(await screen.findByRole('button', { name: '发送命令' }));
    expect(await screen.findByRole('menuitem', { name: '校时' })).toBeTruthy();
    expect(popoverWarnings()).toEqual([]);
  });

  it('the message bell opens without the warning', async () => {
    fakeUserServer(demoUser(), (url) =>
      url.includes('/notice/showNotice') ? { resp_code: 0, resp_msg: 'ok', datas: [] } : undefined,
    );
    renderWithStore(<MessageBell />, signedIn);
    await userEvent.click(await screen.findByRole('button', { name: /^消息/ }));
    expect(await screen.findByRole('button', { name: '查看全部' })).toBeTruthy();
    // nor any other Blueprint warning: the bell is on every page (its closed dialog once warned of an icon without
    // a title)
    expect(blueprintWarnings()).toEqual([]);
  });

  it('the top bar (user menu, horizontal menu) and the tags bar open without the warning', async () => {
    fakeUserServer(demoUser());
    const routes = testMenu();
    renderWithStore(
      <>
        <TopBar routes={routes} match={home(routes)} horizontal mobile={false} />
        <TagsBar match={home(routes)} />
      </>,
      signedIn,
    );
    await userEvent.click(await screen.findByRole('button', { name: '用户菜单' }));
    expect(await screen.findByRole('menuitem', { name: '退出登录' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /更多操作/ }));
    expect(await screen.findByRole('menuitem', { name: '关闭全部' })).toBeTruthy();
    expect(popoverWarnings()).toEqual([]);
  });

  it('the side menu, collapsed to icons, and the horizontal menu render their groups without the warning', () => {
    const routes = testMenu();
    renderWithStore(
      <>
        <SideMenu routes={routes} match={home(routes)} collapsed />
        <HorizontalMenu routes={routes} match={home(routes)} />
      </>,
    );
    expect(screen.getAllByRole('button', { name: /档案管理/ }).length).toBeGreaterThan(0);
    expect(popoverWarnings()).toEqual([]);
  });
});
