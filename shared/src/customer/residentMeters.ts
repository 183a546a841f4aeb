// The resident–meter binding (spec §7 data/residentMeter): one history row per binding, never deleted; a meter has at
// most one open binding. A binding ends by relieve (解绑), takeOff (拆表: the meter left the premises) or clearance
// (销户清算: the resident is closed and all its meters unbound).
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';

export const UNBIND_KINDS = ['relieve', 'takeOff', 'clearance'] as const;
export type UnbindKind = (typeof UNBIND_KINDS)[number];

/** `POST residentMeter/save`: bind meters to a resident, all or nothing. */
export const ResidentMeterBind = Type.Object({
  residentId: Type.Integer({ minimum: 1 }),
  meterIds: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200, uniqueItems: true }),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
});
export type ResidentMeterBind = Static<typeof ResidentMeterBind>;

/** `GET relieve`, `takeOff`. */
export const MeterIdQuery = Type.Object({ meterId: Type.Integer({ minimum: 1 }) });

/** Ids joined by commas (or spaces), as GET query parameters carry them: `1,2,3`. */
const IdList = Type.String({ pattern: '^\\s*\\d+(\\s*[,\\s]\\s*\\d+)*\\s*$', maxLength: 2000 });

/** `GET batchRelieve?meterIds=1,2`. */
export const MeterIdsQuery = Type.Object({ meterIds: IdList });
/** `GET batchClearance?residentIds=1,2`. */
export const ResidentIdsQuery = Type.Object({ residentIds: IdList });

/** The ids of an IdList, each once, in order. */
export const parseIdList = (text: string): number[] => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .filter((s) => s !== '')
      .map(Number),
  ),
];

/** `GET unBoundWaterMeter`: the tenant's unbound meters, code contains `meterCode`. */
export const UnboundMeterQuery = Type.Composite([
  PageQuery,
  Type.Object({ meterCode: Type.Optional(Type.String({ maxLength: 30 })) }),
]);

export const UnboundMeter = Type.Object({
  id: Type.Integer(),
  meterCode: Type.String(),
  remoteCode: Type.Union([Type.String(), Type.Null()]),
  areaId: Type.Union([Type.Integer(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});
export type UnboundMeter = Static<typeof UnboundMeter>;

/** `GET residentMeter/history`: a resident's or a meter's bindings; neither: the tenant's latest, a page of them. */
export const BindingHistoryQuery = Type.Composite([
  PageQuery,
  Type.Object({
    residentId: Type.Optional(Type.Integer({ minimum: 1 })),
    meterId: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
]);

/** One binding, open (unboundAt null) or ended. */
export const Binding = Type.Object({
  id: Type.Integer(),
  residentId: Type.Integer(),
  residentCode: Type.String(),
  residentName: Type.String(),
  meterId: Type.Integer(),
  meterCode: Type.String(),
  boundAt: Type.String({ format: 'date-time' }),
  /** the user name of who bound it */
  boundBy: Type.Union([Type.String(), Type.Null()]),
  unboundAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  unboundBy: Type.Union([Type.String(), Type.Null()]),
  unbindKind: Type.Union([...UNBIND_KINDS.map((k) => Type.Literal(k)), Type.Null()]),
  remark: Type.Union([Type.String(), Type.Null()]),
});
export type Binding = Static<typeof Binding>;

/** `GET data/resident/water/list?residentId`: one resident's bound meters; without it, the tenant's, a page of them. */
export const ResidentWaterQuery = Type.Composite([
  PageQuery,
  Type.Object({ residentId: Type.Optional(Type.Integer({ minimum: 1 })) }),
]);

/** A bound meter of a resident with its last reading (null until issue 5 brings readings). */
export const ResidentWater = Type.Object({
  residentId: Type.Integer(),
  meterId: Type.Integer(),
  meterCode: Type.String(),
  remoteCode: Type.Union([Type.String(), Type.Null()]),
  boundAt: Type.String({ format: 'date-time' }),
  lastReading: Type.Union([Type.Number(), Type.Null()]),
  lastReadTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ResidentWater = Static<typeof ResidentWater>;
