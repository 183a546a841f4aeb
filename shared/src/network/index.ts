// @waterops/shared/network — the pipe network: pipelines, wells, the EPANET import and the monitoring summary.

export * from './epanetImport.ts';
export * from './monitoring.ts';
export * from './networkRules.ts';
export * from './paths.ts';
export * from './pipelines.ts';
export * from './wells.ts';
