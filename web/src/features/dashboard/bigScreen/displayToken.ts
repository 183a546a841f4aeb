// The display token of a wall screen (issue 18: a screen never shows a sign-in form). An administrator's link opens
// `#/bigScreen?display=<token>` once; the token is kept in this browser's storage and taken out of the address, so
// it is not left on screen or in the kiosk's history, and every later start finds it. Kept apart from a user's
// sign-in token: the same browser may also be used by a person.

const STORAGE_KEY = 'waterops.displayToken';

/** The token the address brings (stored, and the address's query without it), or the stored one. */
export const takeDisplayToken = (query: URLSearchParams): { token: string | null; rest: URLSearchParams } => {
  const rest = new URLSearchParams(query);
  const fromUrl = rest.get('display');
  rest.delete('display');
  if (fromUrl) {
    localStorage.setItem(STORAGE_KEY, fromUrl);
    return { token: fromUrl, rest };
  }
  return { token: localStorage.getItem(STORAGE_KEY), rest };
};

/** The server refused the token (revoked, expired): forget it, the screen goes blank until a new link is opened. */
export const forgetDisplayToken = (): void => localStorage.removeItem(STORAGE_KEY);
