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
} as const;
