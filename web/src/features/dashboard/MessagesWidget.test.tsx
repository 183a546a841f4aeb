// @vitest-environment jsdom
// The real-time messages: on the home page a still list of the newest alarms; on the big screen a board that moves
// up and round again once there is more than a card shows (a second copy, hidden from assistive technology).
import { act, screen, waitFor, within } from '@testing-library/react';
import type { Alarm } from '@waterops/shared/monitoring';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { anAlarm, minutesAgo } from '../monitoring/alarmTestData.ts';
import { MessagesWidget, TICKER_ROWS } from './MessagesWidget.tsx';

const ui = {
  board: () => screen.findByRole('region', { name: '实时消息' }),
  /** the lists a screen reader finds (the moving copy is hidden from it) */
  lists: (board: HTMLElement) => within(board).queryAllByRole('list'),
};

let socket: FakeLiveSocket | undefined;
beforeEach(() => {
  socket = undefined;
  setAppLiveClient(
    createLiveClient({
      getToken: () => 'token',
      createSocket: () => {
        const s = new FakeLiveSocket('token');
        socket = s;
        return s;
      },
      onSessionEnded: () => undefined,
    }),
  );
});
afterEach(() => setAppLiveClient(null));

const alarms = (n: number): Alarm[] =>
  Array.from({ length: n }, (_, i) => anAlarm({ id: i + 1, raisedAt: minutesAgo(i) }));

const show = async (props: { rows?: number; scrolling?: boolean }, items: Alarm[]) => {
  renderWithStore(<MessagesWidget sourcePath={null} {...props} />);
  await waitFor(() => expect(socket).toBeDefined());
  act(() => {
    socket?.connect();
  });
  await waitFor(() => expect(socket?.sentOf('subscribe')).toContainEqual({ topic: 'alarms' }));
  act(() => socket?.push('snapshot', { topic: 'alarms', key: 'alarms', seq: 1, items }));
  return ui.board();
};

describe('the real-time messages', () => {
  it('on the home page: the newest alarms, still', async () => {
    const board = await show({}, alarms(20));
    await waitFor(() => expect(within(board).getAllByRole('listitem')).toHaveLength(TICKER_ROWS));
    expect(board.querySelector('.wo-dash-ticker-board')).toBeNull();
  });

  it('on a wall: thirty rows moving up and round again, the copy hidden from screen readers', async () => {
    const board = await show({ rows: 30, scrolling: true }, alarms(20));
    await waitFor(() => expect(within(board).getAllByRole('listitem')).toHaveLength(20));
    expect(ui.lists(board)).toHaveLength(1);
    expect(board.querySelectorAll('ol')).toHaveLength(2);
    expect(board.querySelector('.wo-dash-ticker-board')).not.toBeNull();
  });

  it('on a wall with few alarms: nothing moves', async () => {
    const board = await show({ rows: 30, scrolling: true }, alarms(3));
    await waitFor(() => expect(within(board).getAllByRole('listitem')).toHaveLength(3));
    expect(board.querySelectorAll('ol')).toHaveLength(1);
  });
});
