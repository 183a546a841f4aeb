// The app's one live client: Socket.IO at LIVE_PATH on the page's own origin (the gateway serves the app), the
// stored bearer token as the handshake's auth, the server's sessionEnded taken as an expired login.
import { LIVE_PATH } from '@waterops/shared/live';
import { io } from 'socket.io-client';
import { reportExpiredLogin } from '../api/request.ts';
import { currentLocale } from '../app/locale.ts';
import { getToken } from '../app/tokenStorage.ts';
import { createLiveClient, type LiveClient, type LiveSocket } from './liveClient.ts';

let client: LiveClient | null = null;

/** The socket is made on first use (a page or the bell watching a topic), so the login page opens none. */
export const appLiveClient = (): LiveClient => {
  client ??= createLiveClient({
    getToken,
    createSocket: (token) =>
      io({
        path: LIVE_PATH,
        // a function: read at every (re)connection attempt, so a reconnect carries the current token; the app's
        // language (not the browser's): the bell's to-dos arrive in it
        auth: (cb) => cb({ token: token() ?? '', locale: currentLocale() }),
        transports: ['websocket', 'polling'],
      }) as unknown as LiveSocket,
    onSessionEnded: () => reportExpiredLogin(),
  });
  return client;
};

/** Tests swap the client for one over a fake socket (and reset it with null). */
export const setAppLiveClient = (next: LiveClient | null): void => {
  client?.close();
  client = next;
};
