// /api-workbench device paths (spec §7 "Workbench": device/concentrator, device/collector, device/watermeter,
// deviceValve). One object for the whole device domain: each helper adds its keys next to the others.
const W = '/api-workbench';
const C = `${W}/device/concentrator`;
const K = `${W}/device/collector`;
const M = `${W}/device/watermeter`;
const V = `${W}/deviceValve`;

export const DEVICE_PATHS = {
  // — concentrators —
  /** GET: the tenant's concentrators, paged (concentratorCode contains, areaId, online, used, sort, order) */
  concentrators: `${C}/list`,
  /** POST ConcentratorSave without id */
  concentratorSave: `${C}/save`,
  /** POST ConcentratorSave with id (spec spelling "udpate") */
  concentratorUpdate: `${C}/udpateConcentrator`,
  /** POST {id}: refused while collectors or meters hang on it */
  concentratorDelete: `${C}/deleteConcentrator`,
  /** GET ?field=concentratorCode&value&id → datas: true when taken */
  concentratorExist: `${C}/exist`,
  /** GET: one concentrator */
  concentrator: (id: number | string) => `${C}/${id}`,
  /** POST ConcentratorParams: ip, port, report rate, SIM card (stored; sending to the device is issue 5) */
  concentratorParamsSave: `${C}/params`,
  /** GET: the stored parameters of one concentrator */
  concentratorParams: (id: number | string) => `${C}/params/${id}`,
  /** GET ?id: the stored server address; POST {id, ip, port}: set it */
  concentratorServerIpPort: `${C}/serverIpPort`,
  /** GET ?id: the concentrator's clock as last reported and the server's time */
  concentratorTime: `${C}/concentratorTime`,
  /** GET ?id: report rate in minutes; POST {id, reportRate}: set it */
  concentratorReportTimeRate: `${C}/concentratorReportTimeRate`,
  /** GET: a proposed concentrator code (the next free one after the tenant's highest numeric code) */
  concentratorDeviceCode: `${C}/deviceCode`,
  /** GET: online / offline / total concentrators, collectors and meters of the tenant (in the data scope) */
  concentratorDeviceCount: `${C}/deviceCount`,
  /** GET ?id: the number of collectors and meters under one concentrator */
  concentratorDeviceNum: `${C}/deviceNum`,
  /** GET: online state and last report per concentrator, paged */
  concentratorOperatingCondition: `${C}/deviceOperatingCondition`,
  /** GET ?concentratorCode (&companyId, ignored: the tenant comes from the token) */
  concentratorByCode: `${C}/findConcentratorByCodeAndCompanyId`,

  // — collectors —
  /** GET: wired collectors (link kind 1), paged (collectorCode contains, areaId, concentratorId, online) */
  collectorsWired: `${K}/findWiredList`,
  /** GET: wireless collectors (link kind 2), paged */
  collectorsWireless: `${K}/findWirelessList`,
  /** GET: every collector whatever its link kind (the collector selector's search) */
  collectors: `${K}/list`,
  /** POST CollectorSave without id (spec: save is a POST on the root path) */
  collectorSave: K,
  /** POST CollectorSave with id (spec spelling "udpate") */
  collectorUpdate: `${K}/udpateCollector`,
  /** POST {id}: refused while meters hang on it */
  collectorDelete: `${K}/delete`,
  /** POST {ids}: all or nothing */
  collectorBatchDelete: `${K}/batchDelete`,
  /** GET ?field=collectorCode&value&id */
  collectorExist: `${K}/exist`,
  /** GET: one collector */
  collector: (id: number | string) => `${K}/${id}`,
  /** GET: the stored ip and port; POST {ip, port}: set them */
  collectorIpAddress: (id: number | string) => `${K}/ipaddress/${id}`,
  /** GET: the stored upload frequency (minutes); POST {uploadFrequency}: set it */
  collectorUploadFrequency: (id: number | string) => `${K}/uploadfrequency/${id}`,
  /** GET: the meter codes the collector reads; POST {meterCodes: "codes separated by spaces"}: set them */
  collectorDeviceArchives: (id: number | string) => `${K}/setDeviceArchives/${id}`,

  // — water meters —
  /** GET: the tenant's meters, paged (meterCode contains, meterCodePrefix, areaId, regionId, collectorId,
   * concentratorId, meterModelId, online, bound, sort, order); the meter selector's search too */
  meters: `${M}/list`,
  /** POST MeterSave without id */
  meterSave: `${M}/save`,
  /** POST MeterSave with id (spec spelling "udpate") */
  meterUpdate: `${M}/udpateWatermeter`,
  /** POST {id}: refused while bound to a resident */
  meterDelete: `${M}/delete`,
  /** GET ?field=meterCode&value&id → datas: true when taken */
  meterExist: `${M}/exist`,
  /** GET: one meter */
  meter: (id: number | string) => `${M}/${id}`,
  /** GET: the next body code from the tenant's code rule for meters (advances the sequence) */
  meterNextCode: `${M}/waterMeterCode`,
  /** GET ?codes="codes separated by spaces": which are meters of the tenant */
  meterCodes: `${M}/meterCodes`,
  /** POST {ids}: detach from collector and concentrator, all or nothing */
  meterBatchUntie: `${M}/batchUntie`,

  // — valves —
  /** GET: the tenant's valves, paged (valveCode contains, areaId, valveKind, valveState, meterId) */
  valves: `${V}/list`,
  /** GET: one valve */
  valve: (id: number | string) => `${V}/${id}`,
  /** POST ValveSave: no id = create, id = update */
  valveSave: `${V}/insertOrUpdate`,
  /** POST {id} */
  valveDelete: `${V}/delete`,
} as const;
