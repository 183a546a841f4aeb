// Device commands (issue 5 item 2, domain.md "Valve commands"): what a control room sends to concentrators,
// collectors and meters, and the states a command walks through. The numbers are the device_commands columns.

/** device_commands.device_kind */
export const DEVICE_KIND = { concentrator: 1, collector: 2, meter: 3 } as const;
export type DeviceKindName = keyof typeof DEVICE_KIND;
export const deviceKindName = (kind: number): DeviceKindName =>
  kind === DEVICE_KIND.concentrator ? 'concentrator' : kind === DEVICE_KIND.collector ? 'collector' : 'meter';

/** device_commands.state: created → executing → success | failed; cancelled only at creation. */
export const COMMAND_STATE = { created: 0, executing: 1, success: 2, failed: 3, cancelled: 4 } as const;
export type CommandStateName = keyof typeof COMMAND_STATE;
export const COMMAND_STATE_NAMES: readonly CommandStateName[] = [
  'created',
  'executing',
  'success',
  'failed',
  'cancelled',
];
/** A command still waiting for the device (the valve page keeps polling while one is). */
export const isOpenState = (state: number): boolean =>
  state === COMMAND_STATE.created || state === COMMAND_STATE.executing;

/** Why a command failed or was cancelled (the UI localizes the code; `message` keeps the device's own words). */
export const COMMAND_REASONS = ['offline', 'intercepted', 'timeout', 'device'] as const;
export type CommandReason = (typeof COMMAND_REASONS)[number];

export const METER_COMMANDS = ['valveOpen', 'valveClose', 'readNow'] as const;
export const CONCENTRATOR_COMMANDS = ['params', 'clock', 'reportRate', 'serverIpPort', 'archives'] as const;
export const COLLECTOR_COMMANDS = ['uploadFrequency', 'ipAddress', 'archives'] as const;
export const COMMAND_NAMES = [
  'valveOpen',
  'valveClose',
  'readNow',
  'params',
  'clock',
  'reportRate',
  'serverIpPort',
  'uploadFrequency',
  'ipAddress',
  'archives',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];
export type ConcentratorCommandName = (typeof CONCENTRATOR_COMMANDS)[number];
export type CollectorCommandName = (typeof COLLECTOR_COMMANDS)[number];

/** The most meters one valve or read request may name. */
export const COMMAND_MAX_METERS = 500;
/** Default seconds a device has to pick a command up, and again to answer it (COMMAND_TIMEOUT_SECONDS). */
export const COMMAND_TIMEOUT_DEFAULT_S = 120;
