// The operation log of a tenant (`GET /api-user/logs`): who did what, when and from where. Written by the gateway on
// every sign-in, sign-out and change; never holds a password or a token.
import { type Static, Type } from '@sinclair/typebox';
import { PageQuery } from '../api/paging.ts';

/** What was done. The web shows `operationName` (already in the request language); filter or style by `operation`. */
export const OPERATIONS = [
  'signIn',
  'signOut',
  'profileUpdate',
  'passwordChange',
  'fileUpload',
  'roleCreate',
  'roleUpdate',
  'roleDelete',
  'roleGrant',
  'userCreate',
  'userUpdate',
  'userDelete',
  'userEnable',
  'userDisable',
  'userPasswordReset',
  'menuCreate',
  'menuUpdate',
  'menuDelete',
  'companyCreate',
  'companyUpdate',
  'companyEnable',
  'companyDisable',
  'companyProfileUpdate',
  'codeRuleSave',
] as const;
export type Operation = (typeof OPERATIONS)[number];

export const OperationLogEntry = Type.Object({
  id: Type.Integer(),
  userId: Type.Union([Type.Integer(), Type.Null()]),
  username: Type.String(),
  operation: Type.String({ description: `one of ${OPERATIONS.join(', ')}` }),
  /** the operation's name in the request language */
  operationName: Type.String(),
  /** what changed (field names, file name); never a secret */
  detail: Type.String(),
  ip: Type.String(),
  createTime: Type.String({ format: 'date-time' }),
});
export type OperationLogEntry = Static<typeof OperationLogEntry>;

/**
 * A point in time for the log filters: ISO 8601 (`2024-05-01T08:00:00+08:00`, `…Z`) or the date-range picker's
 * `YYYY-MM-DD HH:mm:ss` (then read in the server's time zone). A date alone covers the whole day: its start for
 * startTime, its last millisecond for endTime.
 */
export const LOG_TIME_PATTERN =
  '^\\d{4}-\\d{2}-\\d{2}([ T]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?)?(Z|[+-]\\d{2}:?\\d{2})?$';

export const OperationLogQuery = Type.Composite([
  PageQuery,
  Type.Object({
    /** exact user name */
    username: Type.Optional(Type.String({ maxLength: 64 })),
    /** from this time, inclusive */
    startTime: Type.Optional(Type.String({ pattern: LOG_TIME_PATTERN })),
    /** up to this time, inclusive */
    endTime: Type.Optional(Type.String({ pattern: LOG_TIME_PATTERN })),
  }),
]);
export type OperationLogQuery = Static<typeof OperationLogQuery>;
