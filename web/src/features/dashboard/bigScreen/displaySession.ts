// A wall screen's session: its display token drives the request layer and the live client while the big screen is
// open (the tab is the screen's: no shell, no bell, no sign-in). The server ending the token (revoked, expired)
// blanks the screen instead of sending it to a sign-in form no one will fill.
import { useEffect, useMemo, useState } from 'react';
import { baseApi } from '../../../api/baseApi.ts';
import { configureRequest } from '../../../api/request.ts';
import { useAppDispatch } from '../../../app/hooks.ts';
import { originSocketFactory, setAppLiveClient } from '../../../live/appLiveClient.ts';
import { createLiveClient } from '../../../live/liveClient.ts';
import { forgetDisplayToken, takeDisplayToken } from './displayToken.ts';

/**
 * Reconnection for a screen: tried again every 0.5–2 s for as long as it takes (the default waits up to 5 s
 * between tries, too long for "live within 10 s of recovery").
 */
const SCREEN_RECONNECT = { reconnectionDelay: 500, reconnectionDelayMax: 2000, randomizationFactor: 0.3 } as const;

export type DisplaySession = {
  token: string | null;
  /** requests and the live client go with the token now: the screen may start asking */
  ready: boolean;
  /** the server refused the token: the screen shows nothing but that */
  ended: boolean;
  /** the address's query without the token (the screen's scene settings) */
  query: URLSearchParams;
};

/** Takes the display token from the address (or storage) and routes requests and live pushes through it. */
export function useDisplaySession(search: string): DisplaySession {
  // taken once: the address loses its token right after (see BigScreenPage)
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once at mount
  const { token, rest } = useMemo(() => takeDisplayToken(new URLSearchParams(search)), []);
  const [ended, setEnded] = useState(false);
  // set in an effect, and the screen's widgets wait for it: a child's effects (its queries, its channels) run before
  // its parent's, and would otherwise go out with a person's sign-in token or none
  const [ready, setReady] = useState(false);
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!token) return;
    // whatever this browser cached for a person signed in here is not the screen's
    dispatch(baseApi.util.resetApiState());
    const end = () => {
      forgetDisplayToken();
      setEnded(true);
    };
    const restoreRequests = configureRequest({
      getToken: () => token,
      onExpired: end,
      // a screen has no one to show a message or a 401 page to: each widget shows its own state
      onForbidden: () => {},
      showMessage: () => {},
    });
    setAppLiveClient(
      createLiveClient({
        getToken: () => token,
        createSocket: originSocketFactory(SCREEN_RECONNECT),
        onSessionEnded: end,
      }),
    );
    setReady(true);
    return () => {
      // leaving the big screen in a browser a person also uses: back to their own sign-in
      setReady(false);
      setAppLiveClient(null);
      restoreRequests();
      dispatch(baseApi.util.resetApiState());
    };
  }, [token, dispatch]);
  return { token, ready, ended, query: rest };
}
