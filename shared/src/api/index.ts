export * from './codes.ts';
export * from './envelopes.ts';
export * from './importJob.ts';
export * from './paging.ts';
export * from './prefixes.ts';
export * from './schemaParts.ts';
export * from './sorting.ts';
