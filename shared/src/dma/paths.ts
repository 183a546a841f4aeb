// /api-workbench paths of district metering (spec §7 "Workbench": dma/district, dmaWaterStatistics, dmaZoneMetering,
// dmadistrictposition) and of what issue 7 adds beside them: night flow, inlet-flow import and the operations map.
const W = '/api-workbench';
const D = `${W}/dma/district`;

export const DMA_PATHS = {
  // — districts (districts.ts) —
  /** GET DistrictFilters + paging: the tenant's districts with their meters and areas */
  districts: `${D}/findList`,
  /** POST DistrictSave without id */
  districtSave: `${D}/save`,
  /** POST DistrictSave with id */
  districtUpdate: `${D}/update`,
  /** POST: refused while sub-zones hang on it */
  districtDelete: (id: number | string) => `${D}/delete/${id}`,
  /** GET ?districtName&id → datas: true when taken (by another district than id) */
  districtNameCheck: `${D}/checkDistrictName`,
  /** GET: one district */
  district: (id: number | string) => `${D}/${id}`,
  /** GET → datas: DistrictPosition[] (every outline, for the map); POST DistrictPositionSave: set one outline */
  districtPosition: `${W}/dma/dmadistrictposition`,

  // — water balance (analysis.ts) —
  /** GET ?districtId&month=YYYY-MM → datas: DistrictWaterStatistics */
  waterStatistics: `${W}/dma/dmaWaterStatistics`,
  /** GET ?month=YYYY-MM[&kind] → datas: ZoneMeteringRow[] (every district's balance for the month) */
  zoneMetering: `${W}/dma/dmaZoneMetering`,

  // — night flow (analysis.ts) —
  /** GET ?districtId&from&to (China days, ≤ 366) → datas: NightFlowSeries */
  nightFlow: `${W}/dma/nightFlow`,
  /** GET ?districtId&days=YYYY-MM-DD,… (≤ 14) → datas: NightFlowCurves (the inflow curve of each day) */
  nightFlowCurves: `${W}/dma/nightFlow/curves`,
  /** POST ?districtId[&from&to]: run the analysis again now → datas: NightFlowRun */
  nightFlowAnalyse: `${W}/dma/nightFlow/analyse`,
  /** POST: set or clear the quiet period a district's night-flow baseline is learnt from */
  nightFlowBaseline: `${W}/dma/nightFlow/baseline`,
  /**
   * POST multipart (field `columns`: JSON {header: meterId|null} for a wide file, then `file`: CSV, long
   * `time,flow[,meterCode]` or wide `time;meter…`, `,` `;` or tab) ?districtId[&meterId][&timeZone][&unit=m3h|ls]
   * → datas: InletFlowImport
   */
  inletFlowImport: `${W}/dma/inletFlow/import`,
  /** GET: a CSV template */
  inletFlowTemplate: `${W}/dma/inletFlow/template`,

  // — operations map (map.ts) —
  /** GET → datas: MapDistrict[] (outline, loss rate of the last full month, night-flow status) */
  mapDistricts: `${W}/dma/map/districts`,
  /** GET → datas: MapMeters (columns: id, lng, lat, status) for every meter with a position */
  mapMeters: `${W}/dma/map/meters`,
  /** GET → datas: MapConfig (the optional base map's style URL and coordinate system) */
  mapConfig: `${W}/dma/map/config`,
} as const;
