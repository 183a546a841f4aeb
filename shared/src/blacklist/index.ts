// @waterops/shared/blacklist — device blacklists (spec §7 datapush, datasync, devicecommand filter). One table,
// three lists: data push (ingestion refuses the device's data), reading sync (readings are stored but the meter is
// left out of the month-end freeze), device command filter (valve commands to the device are intercepted).
import { type Static, Type } from '@sinclair/typebox';
import type { MessageKey } from '../i18n/messages.ts';
import type { RuleViolation } from '../user/rules.ts';

/** device_blacklists.list_kind */
export const BLACKLIST_KIND = { dataPush: 1, readingSync: 2, commandFilter: 3 } as const;
export type BlacklistKind = (typeof BLACKLIST_KIND)[keyof typeof BLACKLIST_KIND];

/** device_blacklists.device_kind (the same numbering as device_commands) */
export const BLACKLIST_DEVICE_KIND = { concentrator: 1, collector: 2, meter: 3 } as const;
export type BlacklistDeviceKind = (typeof BLACKLIST_DEVICE_KIND)[keyof typeof BLACKLIST_DEVICE_KIND];

const W = '/api-workbench';
/** Where each list is mounted (list / save / delete under it). */
export const BLACKLIST_BASES: Record<BlacklistKind, string> = {
  1: `${W}/datapush/blacklist`,
  2: `${W}/datasync/blacklist`,
  3: `${W}/devicecommand/filter`,
};

/** The three routes of one list: GET list (paged, deviceKind, deviceCode contains), POST save, POST delete {id}. */
export const blacklistPaths = (listKind: BlacklistKind) => {
  const base = BLACKLIST_BASES[listKind];
  return { list: `${base}/list`, save: `${base}/save`, delete: `${base}/delete` } as const;
};

export const BlacklistEntry = Type.Object({
  id: Type.Integer(),
  listKind: Type.Integer(),
  /** 1 concentrator, 2 collector, 3 water meter */
  deviceKind: Type.Integer(),
  deviceId: Type.Integer(),
  deviceCode: Type.String(),
  /** the device's residential area; null when the device has none or was deleted since */
  areaName: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  /** the user name of who added it */
  createdBy: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String({ format: 'date-time' }),
});
export type BlacklistEntry = Static<typeof BlacklistEntry>;

const DeviceKindSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]);

export const BlacklistFilters = Type.Object({
  deviceKind: Type.Optional(DeviceKindSchema),
  /** contained in the device code */
  deviceCode: Type.Optional(Type.String({ maxLength: 64 })),
});
export type BlacklistFilters = Static<typeof BlacklistFilters>;

/**
 * `POST …/save`: without id, puts the device named by its code (resolved to the tenant's device of that kind) on the
 * list; with id, changes that entry's reason only (the device of an entry never changes: remove it and add another).
 */
export const BlacklistSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  deviceKind: DeviceKindSchema,
  deviceCode: Type.String({ maxLength: 64 }),
  reason: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 200 })])),
});
export type BlacklistSave = Static<typeof BlacklistSave>;

/** The form's rules: the device code is required. */
export const validateBlacklist = (v: { deviceCode?: string | null }): RuleViolation[] =>
  (v.deviceCode ?? '').trim() === '' ? [{ field: 'deviceCode', message: 'rules.blacklistCode.required' }] : [];

/** The message for a code that names no device of the tenant, per device kind. */
export const UNKNOWN_DEVICE_MESSAGE: Record<BlacklistDeviceKind, MessageKey> = {
  1: 'resource.blacklist.unknownConcentrator',
  2: 'resource.blacklist.unknownCollector',
  3: 'resource.blacklist.unknownMeter',
};
