// Which language the client speaks (spec §9): the stored choice, else the browser language if zh or en, else zh.
import type { Locale } from '@waterops/shared/i18n';
import { settings } from './settings.ts';

export const detectLocale = (stored: string | null, browserLanguages: readonly string[]): Locale => {
  if (stored === 'zh-CN' || stored === 'en') return stored;
  for (const lang of browserLanguages) {
    const tag = lang.toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
  }
  return 'zh-CN';
};

export const currentLocale = (): Locale =>
  detectLocale(
    localStorage.getItem(settings.localeStorageKey),
    navigator.languages?.length ? navigator.languages : [navigator.language],
  );

/** Saves the choice; the caller reloads the page so server-localized data (menus) follows. */
export const saveLocale = (locale: Locale): void => localStorage.setItem(settings.localeStorageKey, locale);
