// The monitoring calls (spec §7 /api-workbench/monitoring/*) and the alarm console's own (designed in the same style).
const M = '/api-workbench/monitoring';

export const MONITORING_PATHS = {
  // the alarm console (not shown in the spec)
  /** GET AlarmListQuery → PageResult(Alarm); answers ETag, and 304 to a matching If-None-Match */
  alarms: `${M}/alarms`,
  /** GET ?since → Result(AlarmFeed): the cheap change feed the live layer polls */
  alarmFeed: `${M}/alarms/feed`,
  /** GET /:id/events → Result(AlarmEvent[]) newest first */
  alarmEvents: `${M}/alarms/:id/events`,
  /** GET :id/children → Result(Alarm[]): the alarms grouped under one */
  alarmChildren: `${M}/alarms/:id/children`,
  /** POST AlarmAckRequest → Result(AlarmActionResult) */
  acknowledge: `${M}/alarms/acknowledge`,
  /** POST AlarmShelveRequest → Result(AlarmActionResult) */
  shelve: `${M}/alarms/shelve`,
  /** POST AlarmUnshelveRequest → Result(AlarmActionResult) */
  unshelve: `${M}/alarms/unshelve`,
  /** GET → Result(AlarmLoad) */
  alarmLoad: `${M}/alarms/load`,
  // spec §7
  typeCount: `${M}/typeCount`,
  trend: `${M}/trend`,
  topTenArea: `${M}/topTenArea`,
  useWaterException: `${M}/useWaterException`,
  cloneUseWaterException: `${M}/cloneUseWaterException`,
  batchCloneUseWaterException: `${M}/batchCloneUseWaterException`,
  updateLeakageWaterState: `${M}/updateLeakageWaterState`,
  collectors: `${M}/collectors`,
  concentrators: `${M}/concentrators`,
  meters: `${M}/meters`,
  concentratorCollectors: `${M}/:id/collectors`,
  concentratorMeters: `${M}/:id/meters`,
  valves1: `${M}/valves1`,
  getVoltageWarning: `${M}/getVoltageWarning`,
  updateVoltageWarning: `${M}/updateVoltageWarning`,
  getCsqWarning: `${M}/getCsqWarning`,
  updateCsqWarning: `${M}/updateCsqWarning`,
  getRsrpWarning: `${M}/getRsrpWarning`,
  updateRsrpWarning: `${M}/updateRsrpWarning`,
  getIncreaseValues: `${M}/getIncreaseValues`,
  updateIncrease: `${M}/updateIncrease`,
  /** GET → Result(DeviceStatusCell[]): the status board (online / offline per kind and area); ETag → 304 */
  statusBoard: `${M}/statusBoard`,
} as const;
