// The device status board: online / offline counts per device kind and residential area, in the caller's data
// scope. One cell per (kind, area); devices without an area count under areaId null. Also the `devices.status` topic.
import { type Static, Type } from '@sinclair/typebox';

export const DeviceStatusCell = Type.Object({
  /** `${kind}:${areaId ?? 0}` — stable, so live patches can refer to a cell */
  id: Type.String(),
  kind: Type.Union([Type.Literal('concentrator'), Type.Literal('collector'), Type.Literal('meter')]),
  areaId: Type.Union([Type.Integer(), Type.Null()]),
  areaName: Type.Union([Type.String(), Type.Null()]),
  online: Type.Integer({ minimum: 0 }),
  offline: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type DeviceStatusCell = Static<typeof DeviceStatusCell>;
