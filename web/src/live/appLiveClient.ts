// The app's one live client: Socket.IO at LIVE_PATH on the page's own origin (the gateway serves the app), the
// stored bearer token as the handshake's auth, the server's sessionEnded taken as an expired login. A wall screen
// swaps in a client of its own (its display token, its own end of session) with setAppLiveClient.
import { LIVE_PATH } from '@waterops/shared/live';
import { io, type ManagerOptions } from 'socket.io-client';
import { reportExpiredLogin } from '../api/request.ts';
import { currentLocale } from '../app/locale.ts';
import { getToken } from '../app/tokenStorage.ts';
import { createLiveClient, type LiveClient, type LiveSocket, type SocketFactory } from './liveClient.ts';

let client: LiveClient | null = null;

/**
 * Sockets to the page's own origin. The token is a function, read at every (re)connection attempt, so a reconnect
 * carries the current one; the app's language (not the browser's): the bell's to-dos arrive in it.
 */
export const originSocketFactory =
  (options: Partial<ManagerOptions> = {}): SocketFactory =>
  (token) =>
    io({
      path: LIVE_PATH,
      auth: (cb) => cb({ token: token() ?? '', locale: currentLocale() }),
      transports: ['websocket', 'polling'],
      ...options,
    }) as unknown as LiveSocket;

/** The socket is made on first use (a page or the bell watching a topic), so the login page opens none. */
export const appLiveClient = (): LiveClient => {
  client ??= createLiveClient({
    getToken,
    createSocket: originSocketFactory(),
    onSessionEnded: () => reportExpiredLogin(),
  });
  return client;
};

/** Tests, and the wall screen, swap the client (and reset it with null: the app's own is made again on use). */
export const setAppLiveClient = (next: LiveClient | null): void => {
  client?.close();
  client = next;
};
