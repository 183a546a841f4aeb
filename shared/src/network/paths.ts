// /api-workbench paths of the pipe network (spec §7 "Workbench": pipeNetPipeLine, pipeNetWell,
// pipeNetWorkMonitoring) and the EPANET import beside them.
const W = '/api-workbench';
const P = `${W}/pipeNetPipeLine`;
const WELL = `${W}/pipeNetWell`;

export const NETWORK_PATHS = {
  // — pipelines —
  /** GET PipelineFilters + paging */
  pipelines: `${P}/list`,
  /** POST PipelineSave: no id = create, id = update */
  pipelineSave: `${P}/saveOrUpdate`,
  /** POST {id} */
  pipelineDelete: `${P}/delete`,
  /** GET ?field=pipeCode&value&id → datas: true when taken */
  pipelineExist: `${P}/exist`,
  /** GET: one pipeline */
  pipeline: (id: number | string) => `${P}/${id}`,
  /** GET → datas: MapPipe[] (every pipeline with a path, for the map) */
  pipelineMap: `${P}/map`,
  /** POST multipart (file: an EPANET .inp) with origin lng, lat (BD-09), prefix, scale → datas: EpanetImport */
  epanetImport: `${P}/importInp`,

  // — wells —
  /** GET WellFilters + paging */
  wells: `${WELL}/list`,
  /** POST WellSave: no id = create, id = update */
  wellSave: `${WELL}/saveOrUpdate`,
  /** POST {id}: refused while a pipeline ends at it */
  wellDelete: `${WELL}/delete`,
  /** GET ?field=wellCode&value&id */
  wellExist: `${WELL}/exist`,
  /** GET: one well */
  well: (id: number | string) => `${WELL}/${id}`,
  /** GET → datas: MapWell[] */
  wellMap: `${WELL}/map`,

  // — monitoring —
  /** GET [?districtId] → datas: NetworkMonitoring */
  monitoring: `${W}/pipeNetWorkMonitoring`,
} as const;
