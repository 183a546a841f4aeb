// Test harness of the live work-order pages (the dispatch workstation, a crew member's own orders): the page at its
// route, signed in with a fake server, its live socket connected; the test serves the `workorders` topic and reads
// what was posted. Deadlines are read against NOW (only Date is faked: user-event and the live client keep real
// timers).
import { act, waitFor } from '@testing-library/react';
import type { Locale } from '@waterops/shared/i18n';
import type { CurrentUser } from '@waterops/shared/user';
import type { WorkOrder } from '@waterops/shared/workorder';
import { type ReactElement, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { setAppLiveClient } from '../../live/appLiveClient.ts';
import { FakeLiveSocket } from '../../live/fakeLiveSocket.ts';
import { createLiveClient } from '../../live/liveClient.ts';
import { fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { anEvent, NOW } from './workOrderTestData.ts';

export const ok = (datas: unknown) => ({ resp_code: 0, resp_msg: 'ok', datas });

/** The server's answer to a request (its JSON body parsed), or undefined for the default. */
export type Answer = (url: string, body: unknown) => unknown;

function Go({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to);
  }, [navigate, to]);
  return null;
}

/** Call at the top of a test file: the clock at NOW for each test, the live client and stubs gone after it. */
export const atNowWithLiveClient = () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    setAppLiveClient(null);
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
};

export type LiveOrdersOptions = {
  user: CurrentUser;
  /** the page's own answers; an order's events answer one event by default */
  answer?: Answer;
  /** the route the page is opened at */
  at: string;
  locale?: Locale;
};

export const renderLiveOrders = (
  page: ReactElement,
  { user, answer = () => undefined, at, locale }: LiveOrdersOptions,
) => {
  const socket = new FakeLiveSocket('token');
  setAppLiveClient(createLiveClient({ getToken: () => 'token', createSocket: () => socket, onSessionEnded: () => {} }));
  const calls = fakeUserServer(user, (url, init) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const own = answer(url, body);
    if (own !== undefined) return own;
    if (/\/workorder\/\d+\/events/.test(url)) return ok([anEvent({ id: 1, orderId: 1 })]);
    return undefined;
  });
  const view = renderWithStore(
    <>
      <Go to={at} />
      {page}
    </>,
    { session: { signedIn: true } },
    locale,
  );
  act(() => {
    socket.connect();
  });
  /** The topic's snapshot, once the page subscribed. */
  const serve = async (items: WorkOrder[], seq = 1) => {
    await waitFor(() => expect(socket.sentOf('subscribe')).toEqual([{ topic: 'workorders' }]));
    act(() => socket.push('snapshot', { topic: 'workorders', key: 'workorders', seq, items }));
  };
  /** A change on the topic after the snapshot. */
  const patch = (seq: number, upserts: WorkOrder[], removes: number[] = []) =>
    act(() => socket.push('patch', { topic: 'workorders', key: 'workorders', seq, upserts, removes }));
  /** The bodies posted to a path, in order. */
  const posted = (path: string) => calls.filter((c) => c.method === 'POST' && c.url.endsWith(path)).map((c) => c.body);
  return { ...view, socket, calls, serve, patch, posted };
};
