// Reads and writes the access token where settings.tokenStorage says (local, session or cookie).
import { settings, type TokenStorageType } from './settings.ts';

const readCookie = (name: string): string | null => {
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
};

export const getToken = (type: TokenStorageType = settings.tokenStorage): string | null => {
  if (type === 'local') return localStorage.getItem(settings.tokenName);
  if (type === 'session') return sessionStorage.getItem(settings.tokenName);
  return readCookie(settings.tokenName);
};

export const setToken = (token: string, type: TokenStorageType = settings.tokenStorage): void => {
  if (type === 'local') localStorage.setItem(settings.tokenName, token);
  else if (type === 'session') sessionStorage.setItem(settings.tokenName, token);
  else document.cookie = `${settings.tokenName}=${encodeURIComponent(token)}; path=/; SameSite=Strict`;
};

export const removeToken = (type: TokenStorageType = settings.tokenStorage): void => {
  if (type === 'local') localStorage.removeItem(settings.tokenName);
  else if (type === 'session') sessionStorage.removeItem(settings.tokenName);
  else document.cookie = `${settings.tokenName}=; path=/; max-age=0`;
};
