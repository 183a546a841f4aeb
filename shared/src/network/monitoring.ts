// The pipe-network monitoring summary (spec §7 pipeNetWorkMonitoring): what the network is made of, for the tenant
// or one district, and how its metered pipes are doing right now.
import { type Static, Type } from '@sinclair/typebox';
import { Instant, Nullable } from '../api/schemaParts.ts';

/** Diameter classes of the summary: < DN100, DN100–300, DN300–600, ≥ DN600, and pipes without a diameter. */
export const DIAMETER_CLASSES = ['lt100', 'dn100to300', 'dn300to600', 'ge600', 'unknown'] as const;
export type DiameterClass = (typeof DIAMETER_CLASSES)[number];

export const NetworkMonitoringQuery = Type.Object({
  districtId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type NetworkMonitoringQuery = Static<typeof NetworkMonitoringQuery>;

const LengthGroup = { count: Type.Integer(), lengthM: Type.Number() };

export const MeteredPipe = Type.Object({
  pipelineId: Type.Integer(),
  pipeCode: Type.String(),
  /** which end of the pipe the meter sits at */
  end: Type.Union([Type.Literal('start'), Type.Literal('end')]),
  meterId: Type.Integer(),
  meterCode: Type.String(),
  online: Type.Boolean(),
  lastReadTime: Nullable(Instant),
  lastReading: Nullable(Type.Number()),
  /** m³/h between the two latest reads; null with fewer than two reads or a register that went backwards */
  flowM3h: Nullable(Type.Number()),
});
export type MeteredPipe = Static<typeof MeteredPipe>;

export const NetworkMonitoring = Type.Object({
  districtId: Nullable(Type.Integer()),
  pipelineCount: Type.Integer(),
  totalLengthM: Type.Number(),
  byMaterial: Type.Array(Type.Object({ material: Nullable(Type.String()), ...LengthGroup })),
  byDiameter: Type.Array(
    Type.Object({ diameterClass: Type.Union(DIAMETER_CLASSES.map((c) => Type.Literal(c))), ...LengthGroup }),
  ),
  wellCount: Type.Integer(),
  wellsByType: Type.Array(Type.Object({ wellType: Type.Integer(), count: Type.Integer() })),
  valves: Type.Object({ open: Type.Integer(), closed: Type.Integer() }),
  meteredPipes: Type.Array(MeteredPipe),
});
export type NetworkMonitoring = Static<typeof NetworkMonitoring>;
