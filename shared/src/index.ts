// @waterops/shared: import a domain by subpath (`@waterops/shared/auth`) or everything from here.
export * from './api/index.ts';
export * from './auth/index.ts';
export * from './file/index.ts';
export * from './i18n/index.ts';
export * from './place/index.ts';
export * from './user/index.ts';
