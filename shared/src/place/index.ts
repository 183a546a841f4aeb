export * from './areaExtras.ts';
export * from './areas.ts';
export * from './dataScope.ts';
export * from './paths.ts';
export * from './regions.ts';
