// Night-flow analysis of a district (pure): the daily nightline from inlet flow, night leakage, and leak events
// (steps, trends, repairs) detected on the nightline series.
export * from './nightFlowLevel.ts';
export * from './nightLeakage.ts';
export * from './nightline.ts';
export * from './nightlineDetection.ts';
export { fitLine, fitStep, madSigma, median } from './robustStats.ts';
