export * from './permissions.ts';
export * from './schemas.ts';
export * from './totp.ts';
