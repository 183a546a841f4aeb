// Client settings in one place (spec §9 constants and the shell defaults of spec §2). Change here, not in code.
import { AUTH_PATHS, WEB_CLIENT_ID } from '@waterops/shared/auth';

/** Where the access token is kept: localStorage, sessionStorage or a cookie (spec §9). */
export type TokenStorageType = 'local' | 'session' | 'cookie';

export type ThemeName = 'ocean' | 'green';
export type LayoutMode = 'vertical' | 'horizontal';
export type HeaderMode = 'fixed' | 'noFixed';

/** The theme drawer's settings (spec §3: name, layout, header, tagsBar). */
export type ThemeSettings = { name: ThemeName; layout: LayoutMode; header: HeaderMode; tagsBar: boolean };

export const settings = {
  /** Product title appended to every page title, per language. */
  title: { 'zh-CN': 'WaterOps 智慧水务平台', en: 'WaterOps' },
  copyright: 'WaterOps',
  showFooter: true,
  /** OAuth client credential sent as HTTP Basic on the token call. */
  clientId: WEB_CLIENT_ID,
  clientSecret: 'webApp',
  tokenName: 'access_token',
  tokenStorage: 'local' as TokenStorageType,
  localeStorageKey: 'language',
  themeStorageKey: 'theme',
  /** Paths open without a token. */
  routesWhiteList: ['/login', '/register', '/401', '/404'] as readonly string[],
  /** Add ?redirect=<path> when sending a signed-out user to /login. */
  recordRoute: true,
  homePath: '/index',
  /** The spec's default opened menu (§2: /vab) — the home page under its other name, so its links and bookmarks land. */
  homeAliases: ['/vab'] as readonly string[],
  requestTimeout: 180_000,
  messageDuration: 3000,
  keepAliveMax: 99,
  /** The advert strip's carousel moves on every this many ms (spec §9), pausing while hovered. */
  advertIntervalMs: 3000,
  skeleton: true,
  skeletonMs: 200,
  reloadPulseMs: 1000,
  passwordChangedReloadMs: 2000,
  mobileBreakpoint: 992,
  captchaDebounceMs: 400,
  defaultTheme: { name: 'ocean', layout: 'vertical', header: 'fixed', tagsBar: true } as ThemeSettings,
  /** Only one side-bar group open at a time. */
  uniqueOpened: true,
  tokenPath: AUTH_PATHS.token,
} as const;
