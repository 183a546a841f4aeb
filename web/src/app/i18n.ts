// i18next set-up: our own catalogues (locales/) plus the shared rule and server messages from @waterops/shared,
// which are flat dotted keys and are nested here so both read the same way (`t('rules.mobile.format')`).
import { type Locale, messagesFor } from '@waterops/shared/i18n';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../locales/en.ts';
import { zhCN } from '../locales/zhCN.ts';
import { currentLocale } from './locale.ts';

type Tree = { [key: string]: string | Tree };

/** `{'a.b': 'x'}` → `{a: {b: 'x'}}`, merged into `into`. */
export const nestMessages = (flat: Record<string, string>, into: Tree = {}): Tree => {
  for (const [key, text] of Object.entries(flat)) {
    const parts = key.split('.');
    let node = into;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next === 'object') node = next;
      else {
        const created: Tree = {};
        node[part] = created;
        node = created;
      }
    }
    node[parts[parts.length - 1] as string] = text;
  }
  return into;
};

const deepCopy = (tree: object): Tree => JSON.parse(JSON.stringify(tree)) as Tree;

export const resourcesFor = (locale: Locale): Tree =>
  nestMessages(messagesFor(locale), deepCopy(locale === 'en' ? en : zhCN));

/** Initialises the one i18next instance; returns it ready (resources are bundled, so this is synchronous). */
export const setUpI18n = (locale: Locale = currentLocale()): I18n => {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: 'zh-CN',
      resources: { 'zh-CN': { translation: resourcesFor('zh-CN') }, en: { translation: resourcesFor('en') } },
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
    });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  document.documentElement.lang = locale;
  return i18next;
};

export const i18n = i18next;

/** The language in use, as a Locale. */
export const activeLocale = (): Locale => (i18next.language === 'en' ? 'en' : 'zh-CN');
