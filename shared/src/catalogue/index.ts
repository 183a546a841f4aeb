export * from './collectorTypes.ts';
export * from './manufacturers.ts';
export * from './meterModels.ts';
export * from './paramConfigs.ts';
export * from './paramLabels.ts';
export * from './paths.ts';
export * from './residentCategories.ts';
export * from './typeName.ts';
