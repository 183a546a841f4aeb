// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@waterops/shared/notice';
import type { MenuEntry } from '@waterops/shared/user';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { MessageBell } from './MessageBell.tsx';

const item = (id: number, category: 1 | 2 = 1, status: 0 | 1 = 0): Notification => ({
  id,
  title: category === 1 ? `通知 ${id}` : `工单待办 ${id}`,
  content: `内容 ${id}`,
  createTime: new Date(Date.UTC(2026, 10, 25, 8, 0, id % 60)).toISOString(),
  status,
  category,
  param: category === 2 ? `WO-${id}` : null,
});

const ui = {
  bell: () => screen.findByRole('button', { name: /^消息/ }),
  badge: () => screen.queryByTestId('bell-badge'),
  tab: (name: RegExp) => screen.findByRole('tab', { name }),
  button: (name: string | RegExp) => screen.findByRole('button', { name }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
};

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

let socket: FakeLiveSocket | null = null;
const useFakeLive = () => {
  setAppLiveClient(
    createLiveClient({
      getToken: () => 'token',
      createSocket: () => {
        socket = new FakeLiveSocket('token');
        return socket;
      },
      onSessionEnded: () => {},
    }),
  );
};

afterEach(() => {
  setAppLiveClient(null);
  socket = null;
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const page = (id: number, path: string, url: string): MenuEntry => ({
  id,
  parentId: 1,
  name: path,
  path,
  url,
  css: 'clipboard',
  type: 0,
  hidden: false,
  sort: id,
  subMenus: [],
});
/** The menus of a dispatcher (the dispatch page and their own orders) and of a field crew member (their own only). */
const DISPATCHER_MENUS: MenuEntry[] = [
  {
    ...page(1, 'Layout', '/workorders'),
    parentId: 0,
    type: 1,
    subMenus: [
      page(2, 'workorder/WorkOrderPage', '/workorder'),
      page(3, 'workorder/MyWorkOrdersPage', '/workorder/mine'),
    ],
  },
];
const CREW_MENUS: MenuEntry[] = [
  {
    ...page(1, 'Layout', '/workorders'),
    parentId: 0,
    type: 1,
    subMenus: [page(3, 'workorder/MyWorkOrdersPage', '/workorder/mine')],
  },
];

/** A fake server holding the caller's unread items: read and readAll take them off. */
const renderBell = (unread: Notification[], records: Notification[] = unread, menus = DISPATCHER_MENUS) => {
  useFakeLive();
  let items = [...unread];
  const calls = fakeFetch((url) => {
    const [path, query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    if (path?.endsWith('/menus/current')) return { resp_code: 0, resp_msg: 'ok', datas: menus };
    if (path?.endsWith('/notice/showNotice')) return { resp_code: 0, resp_msg: 'ok', datas: items };
    if (path?.endsWith('/noticereceive/read')) items = items.filter((i) => i.id !== Number(params.get('id')));
    if (path?.endsWith('/noticereceive/readAll'))
      items = items.filter((i) => i.category !== Number(params.get('category')));
    if (path?.endsWith('/noticereceive/receive')) {
      const category = Number(params.get('category'));
      const page = Number(params.get('page'));
      const all = records.filter((r) => r.category === category);
      return { code: 0, msg: 'ok', count: all.length, data: all.slice((page - 1) * 10, page * 10) };
    }
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });
  const view = renderWithStore(
    <>
      <MessageBell />
      <Where />
    </>,
    { session: { signedIn: true } },
  );
  return { ...view, calls };
};

describe('the message bell (spec §2)', () => {
  it('shows the unread total on the badge, capped at 99', async () => {
    const many = Array.from({ length: 120 }, (_, i) => item(i + 1, i % 2 === 0 ? 1 : 2));
    renderBell(many);
    await waitFor(() => expect(ui.badge()?.textContent).toBe('99+'));
    expect((await ui.bell()).getAttribute('aria-label')).toBe('消息，120 条未读');
  });

  it('has no badge when nothing is unread', async () => {
    renderBell([]);
    await ui.bell();
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
  });

  it('has a Notice and a To-do tab, each with its unread count, newest first', async () => {
    renderBell([item(1), item(2, 2), item(3), item(4, 2), item(5, 2)]);
    await waitFor(() => expect(ui.badge()?.textContent).toBe('5'));
    await userEvent.click(await ui.bell());
    const notices = await ui.tab(/通知\s*2/);
    expect(notices.getAttribute('aria-selected')).toBe('true');
    expect(await ui.tab(/待办\s*3/)).toBeTruthy();
    const titles = screen.getAllByText(/^通知 \d$/).map((e) => e.textContent);
    expect(titles).toEqual(['通知 3', '通知 1']);
    await userEvent.click(await ui.tab(/待办/));
    expect(screen.getAllByText(/^工单待办 \d$/).map((e) => e.textContent)).toEqual([
      '工单待办 5',
      '工单待办 4',
      '工单待办 2',
    ]);
  });

  it("'all read' reads the active tab's category only", async () => {
    const { calls } = renderBell([item(1), item(2, 2), item(3)]);
    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.button('全部已读'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/noticereceive/readAll?category=1'))).toBe(true));
    expect(calls.some((c) => c.url.includes('readAll?category=2'))).toBe(false);
    // the notices leave at once; the to-do stays
    await waitFor(() => expect(screen.queryByText('通知 3')).toBeNull());
    await waitFor(() => expect(ui.badge()?.textContent).toBe('1'));
    await userEvent.click(await ui.tab(/待办/));
    await userEvent.click(await ui.button('全部已读'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('readAll?category=2'))).toBe(true));
  });

  it('a notice click shows its title and content and marks it read', async () => {
    const { calls } = renderBell([item(1), item(3)]);
    await userEvent.click(await ui.bell());
    await userEvent.click(await screen.findByText('通知 3'));
    const dialog = await ui.dialog('通知 3');
    expect(within(dialog).getByText('内容 3')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/noticereceive/read?id=3'))).toBe(true));
    await waitFor(() => expect(ui.badge()?.textContent).toBe('1'));
    await userEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '通知 3' })).toBeNull());
  });

  it('a to-do click opens the work-order page with its code, and so does its view work order button', async () => {
    const { calls } = renderBell([item(2, 2), item(4, 2)]);
    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.tab(/待办/));
    await userEvent.click(await screen.findByText('工单待办 4'));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/workorder?code=WO-4'));
    expect(calls.some((c) => c.url.includes('/noticereceive/read?id=4'))).toBe(true);
    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.tab(/待办/));
    await userEvent.click(await ui.button('查看工单 工单待办 2'));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/workorder?code=WO-2'));
  });

  it("opens a crew member's own orders instead: the dispatch page is not in their menus", async () => {
    renderBell([item(6, 2)], [item(6, 2)], CREW_MENUS);
    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.tab(/待办/));
    await userEvent.click(await screen.findByText('工单待办 6'));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/workorder/mine?code=WO-6'));
  });

  it("'view all' opens Notice records or the To-do list, 10 a page, with title, content and time", async () => {
    const records = [...Array.from({ length: 12 }, (_, i) => item(i + 1, 1, i % 2 === 0 ? 1 : 0)), item(50, 2)];
    const { calls } = renderBell([item(2)], records.reverse());
    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.button('查看全部'));
    const dialog = await ui.dialog('通知记录');
    expect(
      within(dialog)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['标题', '内容', '时间']);
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(11));
    expect(within(dialog).getByText('第 1 / 2 页，共 12 条')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(within(dialog).getAllByRole('row')).toHaveLength(3));
    expect(calls.some((c) => c.url.includes('receive?category=1&page=2&limit=10'))).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    await userEvent.click(await ui.bell());
    await userEvent.click(await ui.tab(/待办/));
    await userEvent.click(await ui.button('查看全部'));
    const todos = await ui.dialog('待办列表');
    await userEvent.click(await within(todos).findByRole('button', { name: '查看工单 工单待办 50' }));
    await waitFor(() => expect(screen.getByLabelText('location').textContent).toBe('/workorder?code=WO-50'));
  });

  it('follows the notifications topic: a live patch changes the count without a reload', async () => {
    const { calls } = renderBell([item(1)]);
    await waitFor(() => expect(ui.badge()?.textContent).toBe('1'));
    await waitFor(() => expect(socket).not.toBeNull());
    act(() => socket?.connect());
    await waitFor(() => expect(socket?.sentOf('subscribe')).toEqual([{ topic: 'notifications' }]));
    act(() => socket?.push('snapshot', { topic: 'notifications', key: 'notifications', seq: 1, items: [item(1)] }));
    act(() =>
      socket?.push('patch', {
        topic: 'notifications',
        key: 'notifications',
        seq: 2,
        upserts: [item(7), item(8, 2)],
        removes: [],
      }),
    );
    await waitFor(() => expect(ui.badge()?.textContent).toBe('3'));
    act(() =>
      socket?.push('patch', { topic: 'notifications', key: 'notifications', seq: 3, upserts: [], removes: [1, 7] }),
    );
    await waitFor(() => expect(ui.badge()?.textContent).toBe('1'));
    expect(calls.filter((c) => c.url.includes('showNotice'))).toHaveLength(1);
  });

  it('polls hourly only while the socket is down (spec §4, 3,600,000 ms)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderBell([item(1)]);
    const shows = () => calls.filter((c) => c.url.includes('showNotice')).length;
    await waitFor(() => expect(shows()).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    await waitFor(() => expect(shows()).toBe(2));
    await waitFor(() => expect(socket).not.toBeNull());
    act(() => socket?.connect());
    await act(() => vi.advanceTimersByTimeAsync(3_600_000 * 2));
    expect(shows()).toBe(2);
    act(() => socket?.drop());
    await act(() => vi.advanceTimersByTimeAsync(3_600_000));
    await waitFor(() => expect(shows()).toBe(3));
  });
});
