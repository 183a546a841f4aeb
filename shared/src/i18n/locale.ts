// The two languages and the default (spec §9: stored locale, else the browser's if zh or en, else zh).
export type Locale = 'zh-CN' | 'en';
export const LOCALES: readonly Locale[] = ['zh-CN', 'en'];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
