// @waterops/shared/deviceStatus — the device status page: online / offline counts per device kind. Its lists are
// the device lists themselves (device/concentrator/list, device/collector/list, device/watermeter/list with
// `online`), readable with the status page's permission.
import { type Static, Type } from '@sinclair/typebox';
import { DeviceCount } from '../device/concentrators.ts';

export const DEVICE_STATUS_PATHS = {
  /** GET ?areaId → Result(DeviceStatusSummary): online / offline / total per kind, in the caller's data scope */
  summary: '/api-workbench/device/status/summary',
} as const;

export const DeviceStatusSummaryQuery = Type.Object({
  /** only the devices of this residential area (an area outside the caller's scope counts nothing) */
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type DeviceStatusSummaryQuery = Static<typeof DeviceStatusSummaryQuery>;

/** The same shape as device/concentrator/deviceCount: { concentrators, collectors, meters } × { online, offline, total } */
export const DeviceStatusSummary = DeviceCount;
export type DeviceStatusSummary = Static<typeof DeviceStatusSummary>;

export * from './ingestKeys.ts';
