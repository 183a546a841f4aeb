// The operation log of a tenant (`GET /api-user/logs`): who did what, when, from where and with what result. Written
// by the gateway on every sign-in, sign-out and change, and on every refused change; never holds a password or a token.
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
  // two-step verification (TOTP): the user's own, and an administrator's on an account
  'totpEnable',
  'totpDisable',
  'userTotpRequire',
  'userTotpReset',
  'menuCreate',
  'menuUpdate',
  'menuDelete',
  // a refused change on a route that names no operation of its own: the detail says `METHOD /path` (failureLog.ts)
  'request',
  // menus open / not open per company (H4)
  'companyMenusOpen',
  // spreadsheet export / import of a resource list (services/resource)
  'dataExport',
  'dataImport',
  // self-registration (services/registration)
  'userRegister',
  'smsCodeSend',
  'companyCreate',
  'companyUpdate',
  'companyEnable',
  'companyDisable',
  'companyProfileUpdate',
  'codeRuleSave',
  // places and data scope
  'regionCreate',
  'regionUpdate',
  'regionDelete',
  'areaCreate',
  'areaUpdate',
  'areaDelete',
  'departmentCreate',
  'departmentUpdate',
  'departmentDelete',
  'userScopeSave',
  'userScopeDelete',
  // concentrators and collectors (services/device)
  'concentratorCreate',
  'concentratorUpdate',
  'concentratorDelete',
  'concentratorSettings',
  'collectorCreate',
  'collectorUpdate',
  'collectorDelete',
  'collectorSettings',
  'collectorArchives',
  // water meters and valves (services/device)
  'meterCreate',
  'meterUpdate',
  'meterDelete',
  'meterUntie',
  'valveCreate',
  'valveUpdate',
  'valveDelete',
  // the pipe network (issue 7, H-NETWORK)
  'pipelineCreate',
  'pipelineUpdate',
  'pipelineDelete',
  'wellCreate',
  'wellUpdate',
  'wellDelete',
  'epanetImport',
  // residents and the resident–meter binding (H4)
  'residentCreate',
  'residentUpdate',
  'residentDelete',
  'residentAppAccount',
  'meterBind',
  'meterRelieve',
  'meterTakeOff',
  'residentClearance',
  // catalogues, parameter config and place extras (H1)
  'manufacturerCreate',
  'manufacturerUpdate',
  'manufacturerDelete',
  'meterModelCreate',
  'meterModelUpdate',
  'meterModelDelete',
  'collectorTypeCreate',
  'collectorTypeUpdate',
  'collectorTypeDelete',
  'residentCategoryCreate',
  'residentCategoryUpdate',
  'residentCategoryDelete',
  'paramConfigSave',
  'paramConfigEnable',
  'paramConfigDelete',
  'areaLocate',
  'areaBatchEdit',
  // month-end bases and meter swaps (H-JOBS)
  'meterBaseFreeze',
  'meterBaseCheck',
  'meterBaseUpdate',
  'meterBaseImport',
  'meterReplace',
  // blacklists and ingestion keys (H-STATUS)
  'blacklistAdd',
  'blacklistRemove',
  'blacklistUpdate',
  'ingestKeyCreate',
  'ingestKeyEnable',
  'ingestKeyDelete',
  // data verification (H-VEE)
  'dataCheck',
  // device commands (H-CMD)
  'commandValve',
  'commandRead',
  'commandDevice',
  // usage exceptions confirmed or dismissed (H-MONITOR)
  'usageExceptionHandle',
  // notices (H-NOTICE)
  'noticePublish',
  // alarms and alarm rules (H-ALARM)
  'alarmAcknowledge',
  'alarmShelve',
  'alarmUnshelve',
  'alarmRuleUpdate',
  'alarmRuleClone',
  // night-flow analysis and inlet-flow import (issue 7, H-ANALYSIS)
  'dmaNightFlowAnalyse',
  'dmaNightFlowBaseline',
  'dmaInletFlowImport',
  // districts (issue 7, H-DISTRICTS)
  'districtCreate',
  'districtUpdate',
  'districtDelete',
  'districtOutline',
  // work orders and complaints (issue 15)
  'workOrderCreate',
  'workOrderUpdate',
  'workOrderAction',
  'workOrderBatchAssign',
  'workOrderBatchComplete',
  'workOrderRaise',
  'workOrderSettingsSave',
  'workCalendarSave',
  'dutyRosterSave',
  'complaintCreate',
  'complaintUpdate',
  'complaintDelete',
  'complaintToWorkOrder',
  'complaintClose',
  'complaintReopen',
  // display tokens for wall screens (issue 18)
  'displayIssue',
  'displayRename',
  'displayRevoke',
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** How an attempt ended: 'failed' entries carry the message the caller was answered (`reason`). */
export const OPERATION_RESULTS = ['success', 'failed'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

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
  result: Type.Union(OPERATION_RESULTS.map((r) => Type.Literal(r))),
  /** the message a failed attempt was answered, in the language of that request; null on success */
  reason: Type.Union([Type.String(), Type.Null()]),
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
    /** one of OPERATIONS */
    operation: Type.Optional(Type.Union(OPERATIONS.map((o) => Type.Literal(o)))),
    result: Type.Optional(Type.Union(OPERATION_RESULTS.map((r) => Type.Literal(r)))),
    /** the start of the address: `10.1.` finds 10.1.x.x */
    ip: Type.Optional(Type.String({ maxLength: 64 })),
    /** from this time, inclusive */
    startTime: Type.Optional(Type.String({ pattern: LOG_TIME_PATTERN })),
    /** up to this time, inclusive */
    endTime: Type.Optional(Type.String({ pattern: LOG_TIME_PATTERN })),
  }),
]);
export type OperationLogQuery = Static<typeof OperationLogQuery>;
