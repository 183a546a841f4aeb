export * from './accounts.ts';
export * from './menus.ts';
export * from './operationLog.ts';
export * from './paths.ts';
export * from './roles.ts';
export * from './rules.ts';
export * from './schemas.ts';
