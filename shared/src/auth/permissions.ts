// Permission codes. Every gateway route declares one; a user's permissions are the codes of the permission
// entries (menu type 2) granted to their roles, and 'admin' (the administrator role) passes every check.
export const PERMISSIONS = {
  admin: 'admin',
  /** read own user, menus and company: everything the web shell needs to start */
  profileView: 'user:profile:view',
  profileEdit: 'user:profile:edit',
  passwordEdit: 'user:password:edit',
  fileUpload: 'file:upload',
  /** read the tenant's operation log (system management) */
  sysLogView: 'sys:log:view',
  /** read roles (list with user counts, allRoles, companyRoles) and a role's menu grants */
  sysRoleView: 'sys:role:view',
  /** create, edit and delete roles; grant menus to a role */
  sysRoleEdit: 'sys:role:edit',
  /** read the tenant's accounts */
  sysUserView: 'sys:user:view',
  /** create, edit, enable/disable, reset the password of and delete accounts */
  sysUserEdit: 'sys:user:edit',
  /** read the tenant's menu entries */
  sysMenuView: 'sys:menu:view',
  /** create, edit and delete menu entries */
  sysMenuEdit: 'sys:menu:edit',
  /** read the tenant's SMS outbox (the built-in sender's messages: registration codes…) */
  sysSmsView: 'sys:sms:view',
  /** read own company and the companies it created, own company profile and code rules */
  sysCompanyView: 'sys:company:view',
  /** create companies (with their first administrator), edit, enable/disable them; edit own profile and code rules */
  sysCompanyEdit: 'sys:company:edit',
  /** read regions (片区) */
  dataRegionView: 'data:region:view',
  /** create, edit and delete regions */
  dataRegionEdit: 'data:region:edit',
  /** read residential areas (小区) */
  dataAreaView: 'data:area:view',
  /** create, edit and delete residential areas */
  dataAreaEdit: 'data:area:edit',
  // The registry (issue 4, migration 0011)
  /** read concentrators */
  deviceConcentratorView: 'device:concentrator:view',
  /** create, edit and delete concentrators */
  deviceConcentratorEdit: 'device:concentrator:edit',
  /** read collectors (wired and wireless) */
  deviceCollectorView: 'device:collector:view',
  /** create, edit and delete collectors (wired and wireless) */
  deviceCollectorEdit: 'device:collector:edit',
  /** read water meters */
  deviceMeterView: 'device:meter:view',
  /** create, edit and delete water meters */
  deviceMeterEdit: 'device:meter:edit',
  /** read valves */
  deviceValveView: 'device:valve:view',
  /** create, edit and delete valves */
  deviceValveEdit: 'device:valve:edit',
  /** read meter models */
  deviceMeterModelView: 'device:meterModel:view',
  /** create, edit and delete meter models */
  deviceMeterModelEdit: 'device:meterModel:edit',
  /** read collector types */
  deviceCollectorTypeView: 'device:collectorType:view',
  /** create, edit and delete collector types */
  deviceCollectorTypeEdit: 'device:collectorType:edit',
  /** read manufacturers */
  dataManufacturerView: 'data:manufacturer:view',
  /** create, edit and delete manufacturers */
  dataManufacturerEdit: 'data:manufacturer:edit',
  /** read residents and their meter bindings */
  dataResidentView: 'data:resident:view',
  /** create, edit and delete residents and their meter bindings */
  dataResidentEdit: 'data:resident:edit',
  /** read resident categories */
  dataResidentCategoryView: 'data:residentCategory:view',
  /** create, edit and delete resident categories */
  dataResidentCategoryEdit: 'data:residentCategory:edit',
  // Telemetry (issue 5, migration 0013)
  /** read month-end bases (抄表底数) */
  readingMeterBaseView: 'reading:meterBase:view',
  /** freeze, adjust and import bases; manual reads and batch valve commands from the base list */
  readingMeterBaseEdit: 'reading:meterBase:edit',
  /** read the base check */
  readingBaseCheckView: 'reading:baseCheck:view',
  /** check and import bases */
  readingBaseCheckEdit: 'reading:baseCheck:edit',
  /** read reading records (raw readings and daily series) */
  readingRecordView: 'reading:record:view',
  /** record meter swaps */
  readingRecordEdit: 'reading:record:edit',
  /** read validation exceptions */
  readingDataCheckView: 'reading:dataCheck:view',
  /** run the data check */
  readingDataCheckEdit: 'reading:dataCheck:edit',
  /** read reading rates */
  readingRateView: 'reading:rate:view',
  /** read valve states and valve command results */
  deviceValveControlView: 'device:valveControl:view',
  /** open and close valves */
  deviceValveControlEdit: 'device:valveControl:edit',
  /** read device command history */
  deviceCommandView: 'device:command:view',
  /** send concentrator and collector commands (parameters, clock, report rate, address, archives) */
  deviceCommandEdit: 'device:command:edit',
  /** read device status (online, offline, last report, voltage and signal) */
  deviceStatusView: 'device:status:view',
  /** read ingestion keys */
  deviceIngestKeyView: 'device:ingestKey:view',
  /** create, disable and delete ingestion keys */
  deviceIngestKeyEdit: 'device:ingestKey:edit',
  /** read the data-push and reading-sync blacklists and the device command filter */
  deviceBlacklistView: 'device:blacklist:view',
  /** change the blacklists and the command filter */
  deviceBlacklistEdit: 'device:blacklist:edit',
  // Live operations (issue 6, migrations 0014 alarms and 0015 notices)
  /** read alarms (the console, its history and load) */
  monitoringAlarmView: 'monitoring:alarm:view',
  /** acknowledge, shelve and unshelve alarms */
  monitoringAlarmEdit: 'monitoring:alarm:edit',
  /** read alarm rules (voltage, csq, rsrp warnings, usage exceptions, offline limits) */
  monitoringRuleView: 'monitoring:rule:view',
  /** change alarm rules; clone usage-exception settings */
  monitoringRuleEdit: 'monitoring:rule:edit',
  /** read monitoring statistics (type counts, trend, top areas, usage exceptions, device and valve status, status board) */
  monitoringStatsView: 'monitoring:stats:view',
  /** mark a leakage exception handled (updateLeakageWaterState) */
  monitoringStatsEdit: 'monitoring:stats:edit',
  /** read the notices the tenant published */
  noticeView: 'notice:view',
  /** publish notices to the company, roles or users */
  noticeEdit: 'notice:edit',
  // District metering and the pipe network (issue 7, migration 0016)
  /** read districts (zones, sub-zones, supervision areas, their meters and areas) and the operations map */
  dmaDistrictView: 'dma:district:view',
  /** create, edit, outline and delete districts; assign their meters and areas */
  dmaDistrictEdit: 'dma:district:edit',
  /** read the water balance (dmaWaterStatistics, dmaZoneMetering) and the night flow */
  dmaAnalysisView: 'dma:analysis:view',
  /** import inlet flows and run the night-flow analysis again */
  dmaAnalysisEdit: 'dma:analysis:edit',
  /** read pipelines and the network monitoring */
  networkPipelineView: 'network:pipeline:view',
  /** create, edit and delete pipelines; import an EPANET network */
  networkPipelineEdit: 'network:pipeline:edit',
  /** read wells */
  networkWellView: 'network:well:view',
  /** create, edit and delete wells */
  networkWellEdit: 'network:well:edit',
  /** read parameter config */
  sysParamView: 'sys:param:view',
  /** create, edit and delete parameter config */
  sysParamEdit: 'sys:param:edit',
  // Work orders and complaints (issue 15, migration 0018)
  /** read the tenant's work orders in the data scope: the queue, details, statistics, export */
  workOrderView: 'workorder:view',
  /** create and edit work orders; raise them from alarms, exceptions, night-flow events and the map */
  workOrderCreate: 'workorder:create',
  /** dispatch: assign (also in bulk), remind, defer or cancel any order of the queue; the duty roster */
  workOrderAssign: 'workorder:assign',
  /** field work on one's own orders: accept, start, note, complete, defer (batch complete for dispatchers) */
  workOrderComplete: 'workorder:complete',
  /** review completed orders: close or reopen */
  workOrderClose: 'workorder:close',
  /** read the work calendar (holidays, make-up days), deadline targets and escalation */
  workOrderCalendarView: 'workorder:calendar:view',
  /** edit and import the work calendar; edit deadline targets and escalation */
  workOrderCalendarEdit: 'workorder:calendar:edit',
  // Display tokens for wall screens (issue 18, migration 0024)
  /** read the tenant's display tokens (大屏终端): names, issuers, expiry, last contact; never a token */
  sysDisplayView: 'sys:display:view',
  /** issue, rename and revoke display tokens */
  sysDisplayEdit: 'sys:display:edit',
  /** read complaints */
  complaintView: 'complaint:view',
  /** take, edit, turn into work orders, close, reopen and delete complaints */
  complaintEdit: 'complaint:edit',
} as const;
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

export const hasPermission = (held: readonly string[], needed: string): boolean =>
  held.includes(PERMISSIONS.admin) || held.includes(needed);

/** Spec §2 permission directive: shown when the user holds at least one of the listed permissions. */
export const hasAnyPermission = (held: readonly string[], needed: readonly string[]): boolean =>
  needed.length === 0 || needed.some((p) => hasPermission(held, p));
