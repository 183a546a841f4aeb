export * from './collectors.ts';
export * from './concentrators.ts';
export * from './paths.ts';
