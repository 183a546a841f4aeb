export * from './collectors.ts';
export * from './concentrators.ts';
export * from './meterKind.ts';
export * from './meters.ts';
export * from './paths.ts';
export * from './valves.ts';
