// @waterops/shared/dma — district metering: the water balance contract.
export * from './waterBalance.ts';
