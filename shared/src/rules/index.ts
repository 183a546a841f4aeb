export * from './nullable.ts';
export * from './validators.ts';
