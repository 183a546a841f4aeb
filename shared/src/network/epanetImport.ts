// The EPANET import (POST pipeNetPipeLine/importInp): an .inp file placed at an origin becomes wells, pipelines and
// valves of the tenant in one transaction; pumps are reported as skipped.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';

/** The largest .inp accepted (Net3 is 35 kB; a city model of 100 000 links is about 15 MB). */
export const EPANET_MAX_BYTES = 20 * 1024 * 1024;
/** Letters, digits, '-' and '_': the prefix is glued to EPANET ids to make codes. */
export const EPANET_PREFIX_PATTERN = '^[A-Za-z0-9_-]{0,20}$';

/** The multipart fields besides `file` (all text, as a form sends them). */
export const EpanetImportFields = Type.Object({
  /** origin, BD-09: where the centre of the network's bounding box goes */
  lng: Type.Number({ minimum: -180, maximum: 180 }),
  lat: Type.Number({ minimum: -85, maximum: 85 }),
  prefix: Type.String({ pattern: EPANET_PREFIX_PATTERN, default: '' }),
  /** metres per coordinate unit, or fit it from the pipes' lengths */
  scale: Type.Union([Type.Literal('fitLengths'), Type.Number({ exclusiveMinimum: 0, maximum: 100_000 })], {
    default: 'fitLengths',
  }),
  /** counter-clockwise, degrees */
  rotation: Type.Number({ minimum: -360, maximum: 360, default: 0 }),
});
export type EpanetImportFields = Static<typeof EpanetImportFields>;

export const EpanetIssue = Type.Object({ line: Nullable(Type.Integer()), message: Type.String() });
export type EpanetIssue = Static<typeof EpanetIssue>;

export const EpanetImport = Type.Object({
  junctions: Type.Integer(),
  tanks: Type.Integer(),
  reservoirs: Type.Integer(),
  pipelines: Type.Integer(),
  valves: Type.Integer(),
  /** links not imported (pumps): their EPANET ids */
  skipped: Type.Array(Type.Object({ kind: Type.Literal('pump'), id: Type.String() })),
  warnings: Type.Array(EpanetIssue),
  /** metres per coordinate unit actually used */
  scale: Type.Number(),
});
export type EpanetImport = Static<typeof EpanetImport>;
