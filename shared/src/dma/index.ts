// @waterops/shared/dma — district metering: districts, the water balance, night flow and the operations map.
export * from './analysis.ts';
export * from './districtRules.ts';
export * from './districts.ts';
export * from './inletFlowCsv.ts';
export * from './map.ts';
export * from './paths.ts';
export * from './waterBalance.ts';
