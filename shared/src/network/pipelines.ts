// Pipelines (spec §7 pipeNetPipeLine): a pipe of the network with its type, material, length, depth and diameter,
// the meters at its start and end, the wells it runs between, its district and its drawn path (BD-09).
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, OptionalNullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { NameText } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

/** 1 transmission (输水), 2 distribution (配水), 3 service (入户) — m0016. */
export const PIPE_TYPES = [1, 2, 3] as const;
/** 1 in service, 0 out of service. */
export const PIPE_STATUSES = [1, 0] as const;
/** Common materials offered by the form; any text up to 30 characters is accepted. */
export const PIPE_MATERIALS = ['PE', 'PVC', 'DI', 'STEEL', 'CI', 'PCCP', 'CONCRETE'] as const;
export const PIPE_PATH_MAX_POINTS = 5000;
export const PIPE_CODE_MAX = 50;

/** [lng, lat] in BD-09. */
export const PathPoint = Type.Tuple([
  Type.Number({ minimum: -180, maximum: 180 }),
  Type.Number({ minimum: -90, maximum: 90 }),
]);
export const PipePath = Type.Array(PathPoint, { minItems: 2, maxItems: PIPE_PATH_MAX_POINTS });
export type PipePath = Static<typeof PipePath>;

export const Pipeline = Type.Object({
  id: Type.Integer(),
  pipeCode: Type.String(),
  name: Nullable(Type.String()),
  pipeType: Type.Integer(),
  material: Nullable(Type.String()),
  lengthM: Nullable(Type.Number()),
  depthM: Nullable(Type.Number()),
  diameterMm: Nullable(Type.Integer()),
  roughness: Nullable(Type.Number()),
  startMeterId: Nullable(Type.Integer()),
  startMeterCode: Nullable(Type.String()),
  endMeterId: Nullable(Type.Integer()),
  endMeterCode: Nullable(Type.String()),
  startWellId: Nullable(Type.Integer()),
  startWellCode: Nullable(Type.String()),
  endWellId: Nullable(Type.Integer()),
  endWellCode: Nullable(Type.String()),
  districtId: Nullable(Type.Integer()),
  districtName: Nullable(Type.String()),
  path: Nullable(PipePath),
  status: Type.Integer(),
  installDate: Nullable(Type.String({ format: 'date' })),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
});
export type Pipeline = Static<typeof Pipeline>;

/** `POST pipeNetPipeLine/saveOrUpdate`: no id = create, id = update. */
export const PipelineSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  pipeCode: Type.String({ maxLength: PIPE_CODE_MAX }),
  name: OptionalNullable(NameText()),
  pipeType: Type.Union(PIPE_TYPES.map((k) => Type.Literal(k))),
  material: OptionalNullable(Type.String({ maxLength: 30 })),
  lengthM: OptionalNullable(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  depthM: OptionalNullable(Type.Number({ minimum: 0, maximum: 1000 })),
  diameterMm: OptionalNullable(Type.Integer({ minimum: 1, maximum: 10_000 })),
  roughness: OptionalNullable(Type.Number({ minimum: 0, maximum: 10_000 })),
  startMeterId: OptionalNullable(Type.Integer({ minimum: 1 })),
  endMeterId: OptionalNullable(Type.Integer({ minimum: 1 })),
  startWellId: OptionalNullable(Type.Integer({ minimum: 1 })),
  endWellId: OptionalNullable(Type.Integer({ minimum: 1 })),
  districtId: OptionalNullable(Type.Integer({ minimum: 1 })),
  path: OptionalNullable(PipePath),
  status: Type.Union(PIPE_STATUSES.map((k) => Type.Literal(k))),
  installDate: OptionalNullable(Type.String({ format: 'date' })),
  remark: OptionalNullable(Type.String({ maxLength: 200 })),
});
export type PipelineSave = Static<typeof PipelineSave>;

export const PipelineFilters = Type.Object({
  /** contained in the code */
  pipeCode: Type.Optional(Type.String({ maxLength: 50 })),
  /** contained in the name */
  name: Type.Optional(Type.String({ maxLength: 50 })),
  material: Type.Optional(Type.String({ maxLength: 30 })),
  /** diameter range in mm, both ends included */
  diameterMin: Type.Optional(Type.Integer({ minimum: 0 })),
  diameterMax: Type.Optional(Type.Integer({ minimum: 0 })),
  districtId: Type.Optional(Type.Integer({ minimum: 1 })),
  pipeType: Type.Optional(Type.Integer({ minimum: 1, maximum: 3 })),
  status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type PipelineFilters = Static<typeof PipelineFilters>;

export const PIPELINE_SORT_FIELDS = ['pipeCode', 'diameterMm', 'lengthM', 'createTime'] as const;

/** A pipe on the map: compact, only what a line layer draws and its tooltip says. */
export const MapPipe = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  diameterMm: Nullable(Type.Integer()),
  material: Nullable(Type.String()),
  status: Type.Integer(),
  path: PipePath,
});
export type MapPipe = Static<typeof MapPipe>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The pipeline form's rules: code required, two different wells and two different meters at its ends. */
export const validatePipeline = (v: {
  pipeCode?: string | null;
  startWellId?: number | string | null;
  endWellId?: number | string | null;
  startMeterId?: number | string | null;
  endMeterId?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const push = (field: string, message: MessageKey) => out.push({ field, message });
  if (blank(v.pipeCode)) push('pipeCode', 'rules.pipeCode.required');
  if (!blank(v.startWellId) && String(v.startWellId) === String(v.endWellId)) push('endWellId', 'rules.pipeWells.same');
  if (!blank(v.startMeterId) && String(v.startMeterId) === String(v.endMeterId))
    push('endMeterId', 'rules.pipeMeters.same');
  return out;
};
