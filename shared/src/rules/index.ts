export * from './validators.ts';
