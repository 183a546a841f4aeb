// Requests and replies of the command routes (gateway/src/services/command) and the paths they live on.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';
import { Nullable } from '../api/schemaParts.ts';
import {
  COLLECTOR_COMMANDS,
  COMMAND_MAX_METERS,
  COMMAND_NAMES,
  COMMAND_STATE_NAMES,
  CONCENTRATOR_COMMANDS,
} from './commands.ts';

const W = '/api-workbench';

export const COMMAND_PATHS = {
  /** POST ValveRequest → Result(CommandBatch): open or close the valves of meters */
  valve: `${W}/devicecommand/valve`,
  /** GET CommandListQuery → PageResult(DeviceCommand), newest first */
  list: `${W}/devicecommand/list`,
  /** GET → Result(DeviceCommand) */
  one: (id: number | string) => `${W}/devicecommand/${id}`,
  /** GET ValveMeterQuery → PageResult(ValveMeter): meters with valve control, their valve and last valve command */
  valveMeters: `${W}/devicecommand/valveMeters`,
  /** POST ValveRequest → Result(CommandBatch): the meter base page's batch valve (spec §7 meter/meterBase) */
  batchValve: `${W}/meter/meterBase/batchValve`,
  /** POST MeterReadRequest → Result(CommandBatch): read these meters now */
  meterRead: `${W}/meter/meterBase/meterRead`,
  /** POST ConcentratorCommandRequest → Result(CommandBatch) */
  concentratorCommand: (id: number | string) => `${W}/device/concentrator/command/${id}`,
  /** POST CollectorCommandRequest → Result(CommandBatch) */
  collectorCommand: (id: number | string) => `${W}/device/collector/command/${id}`,
} as const;

const MeterIds = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: COMMAND_MAX_METERS });

export const ValveRequest = Type.Object({
  meterIds: MeterIds,
  action: Type.Union([Type.Literal('open'), Type.Literal('close')]),
});
export type ValveRequest = Static<typeof ValveRequest>;

export const MeterReadRequest = Type.Object({ meterIds: MeterIds });
export type MeterReadRequest = Static<typeof MeterReadRequest>;

const Params = Type.Record(Type.String(), Type.Unknown(), { default: {} });

export const ConcentratorCommandRequest = Type.Object({
  command: Type.Union(CONCENTRATOR_COMMANDS.map((c) => Type.Literal(c))),
  params: Type.Optional(Params),
});
export type ConcentratorCommandRequest = Static<typeof ConcentratorCommandRequest>;

export const CollectorCommandRequest = Type.Object({
  command: Type.Union(COLLECTOR_COMMANDS.map((c) => Type.Literal(c))),
  params: Type.Optional(Params),
});
export type CollectorCommandRequest = Static<typeof CollectorCommandRequest>;

const StateName = Type.Union(COMMAND_STATE_NAMES.map((s) => Type.Literal(s)));
const KindName = Type.Union([Type.Literal('concentrator'), Type.Literal('collector'), Type.Literal('meter')]);

/** One command as created by a request. */
export const CreatedCommand = Type.Object({
  id: Type.Integer(),
  deviceId: Type.Integer(),
  deviceCode: Type.String(),
  /** a meter command's meter (the device itself), named as the valve and read pages name it */
  meterId: Type.Optional(Type.Integer()),
  meterCode: Type.Optional(Type.String()),
  command: Type.String(),
  state: StateName,
  /** offline | intercepted (cancelled at creation), else null */
  reason: Nullable(Type.String()),
  /** the reason in the request language */
  message: Nullable(Type.String()),
});
export type CreatedCommand = Static<typeof CreatedCommand>;

export const CommandBatch = Type.Object({
  /** the commands of one request share it (the list filters by it) */
  batchId: Type.String(),
  commands: Type.Array(CreatedCommand),
});
export type CommandBatch = Static<typeof CommandBatch>;

export const DeviceCommand = Type.Object({
  id: Type.Integer(),
  deviceKind: KindName,
  deviceId: Type.Integer(),
  deviceCode: Type.String(),
  command: Type.String(),
  params: Type.Unknown(),
  state: StateName,
  reason: Nullable(Type.String()),
  /** the reason in the request language, then the device's own words when it gave any */
  message: Nullable(Type.String()),
  /** what the device answered */
  result: Type.Unknown(),
  batchId: Nullable(Type.String()),
  createdBy: Nullable(Type.String()),
  createTime: Type.String(),
  sentTime: Nullable(Type.String()),
  finishedTime: Nullable(Type.String()),
  deadline: Type.String(),
});
export type DeviceCommand = Static<typeof DeviceCommand>;

export const CommandListQuery = Type.Composite([
  PageQuery,
  Type.Object({
    deviceKind: Type.Optional(KindName),
    deviceId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** the device code starts with it */
    deviceCode: Type.Optional(Type.String({ maxLength: 64 })),
    command: Type.Optional(Type.Union(COMMAND_NAMES.map((c) => Type.Literal(c)))),
    state: Type.Optional(StateName),
    batchId: Type.Optional(Type.String({ maxLength: 64 })),
    /** created at or after (ISO) */
    from: Type.Optional(Type.String({ format: 'date-time' })),
    /** created before (ISO) */
    to: Type.Optional(Type.String({ format: 'date-time' })),
  }),
]);
export type CommandListQuery = Static<typeof CommandListQuery>;

export const ValveMeterQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** the body code starts with it */
    meterCode: Type.Optional(Type.String({ maxLength: 64 })),
    areaId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** 1 open, 0 closed */
    valveState: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
    online: Type.Optional(Type.Boolean()),
  }),
]);
export type ValveMeterQuery = Static<typeof ValveMeterQuery>;

export const ValveMeter = Type.Object({
  id: Type.Integer(),
  meterCode: Type.String(),
  areaId: Nullable(Type.Integer()),
  areaName: Nullable(Type.String()),
  concentratorCode: Nullable(Type.String()),
  /** 1 open, 0 closed, null unknown */
  valveState: Nullable(Type.Integer()),
  /** reachable: the meter's concentrator online, or the meter itself when it has none */
  online: Type.Boolean(),
  lastReportTime: Nullable(Type.String()),
  lastCommand: Nullable(
    Type.Object({ id: Type.Integer(), command: Type.String(), state: StateName, createTime: Type.String() }),
  ),
});
export type ValveMeter = Static<typeof ValveMeter>;
