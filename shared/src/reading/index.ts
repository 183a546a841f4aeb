// @waterops/shared/reading — meter data: China days, the ingestion contract, readings, validation quality codes,
// month-end bases and reading rates.
export * from './chinaTime.ts';
export * from './dataCheck.ts';
export * from './ingest.ts';
export * from './meterBase.ts';
export * from './quality.ts';
export * from './records.ts';
