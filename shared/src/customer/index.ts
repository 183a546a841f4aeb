export * from './paths.ts';
export * from './residentMeters.ts';
export * from './residents.ts';
