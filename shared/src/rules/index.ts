export * from './nullable.ts';
export * from './textLimits.ts';
export * from './validators.ts';
