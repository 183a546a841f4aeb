// /api-workbench paths of regions, residential areas and account data scopes (spec §7 "Workbench").
const W = '/api-workbench';

export const PLACE_PATHS = {
  /** GET: the tenant's regions, paged (regionName, sort, order; the selector asks limit 999, page 1) */
  regions: `${W}/data/region/list`,
  /** POST RegionSave without id */
  regionSave: `${W}/data/region/save`,
  /** POST RegionSave with id */
  regionUpdate: `${W}/data/region/update`,
  /** GET ?id: refused while the region has areas or is in an account's scope */
  regionDelete: `${W}/data/region/deleteRegion`,
  /** GET ?field=regionName&value&id → datas: true when taken */
  regionExist: `${W}/data/region/exist`,
  /** GET: the tenant's areas, paged (areaName contains, regionId, sort, order) */
  areas: `${W}/data/area/findList`,
  /** GET: the area selector's search (areaName contains, 50 a page) */
  areaSearch: `${W}/data/area/findListByAreaName`,
  /** POST AreaSave: no id = create */
  areaSave: `${W}/data/area/save`,
  /** POST {id} */
  areaDelete: `${W}/data/area/delete`,
  /** GET ?field=areaName&value&id */
  areaExist: `${W}/data/area/exist`,
  /** GET: one area */
  area: (id: number | string) => `${W}/data/area/${id}`,
  /** POST UserRegionAreaSave */
  userRegionAreaSave: `${W}/data/userRegionArea/save`,
  /** POST {userId} */
  userRegionAreaDelete: `${W}/data/userRegionArea/delete`,
  /** GET ?userId */
  userRegionAreaByUser: `${W}/data/userRegionArea/findByUserId`,
  // the rest of spec §7 data/area and data/region (areaExtras.ts)
  /** GET [?areaName] → datas: the names of the areas in scope */
  areaNameList: `${W}/data/area/findAreaNameList`,
  /** GET ?regionIds=1,2 → datas: AreaIdName[] */
  areasByRegionIds: `${W}/data/area/findAreaByRegionIds`,
  /** GET [?areaName] → datas: AreaIdName[] */
  areaIdAndNameList: `${W}/data/area/findAreaIdAndNameList`,
  /** POST AreaLocation */
  areaLocation: `${W}/data/area/location`,
  /** GET ?ids=1,2&regionId */
  areaBatchEdit: `${W}/data/area/batchEdit`,
  /** GET: see the route */
  areaRepair: `${W}/data/area/repairManual`,
  /** GET paged: meters and residents per area */
  areaWater: `${W}/data/area/water/list`,
  /** GET ?regionName[&remark]: the GET form of regionSave */
  regionAdd: `${W}/data/region/addRegion`,
  /** GET ?id: delete an area from the region page (the area delete's rules) */
  regionDeleteArea: `${W}/data/region/deleteArea`,
  /** GET ?userId: an account's scope, read from the region side (as userRegionAreaByUser) */
  regionFindUserById: `${W}/data/region/findUserById`,
} as const;
