// @waterops/shared/network — the pipe network: pipelines, wells, the EPANET import and the monitoring summary.
export * from './paths.ts';
