// /api-workbench paths of the catalogues (spec §7 data/manufacturer, "meter models; collector types") and the
// /api-business parameter config (spec §7 paramconfig). Each list also has `<list>/export` (xlsx).
const W = '/api-workbench';
const B = '/api-business';

export const CATALOGUE_PATHS = {
  /** GET: the tenant's manufacturers, paged (name / code contain, sort, order) */
  manufacturers: `${W}/data/manufacturer/list`,
  /** POST ManufacturerSave without id (a tenantId in the body is ignored: the token decides) */
  manufacturerSave: `${W}/data/manufacturer/save`,
  /** POST ManufacturerSave with id */
  manufacturerUpdate: `${W}/data/manufacturer/update`,
  /** POST {id}: refused while meters, models, collector types or concentrators use it */
  manufacturerDelete: `${W}/data/manufacturer/delete`,
  /** GET ?field=name|code&value&id → datas: true when taken */
  manufacturerExist: `${W}/data/manufacturer/exist`,
  /** GET ?id: the areas where the manufacturer's meters are installed (id, areaName) */
  manufacturerAreas: `${W}/data/manufacturer/findArea`,

  meterModels: `${W}/device/meterModel/list`,
  meterModelSave: `${W}/device/meterModel/save`,
  meterModelUpdate: `${W}/device/meterModel/update`,
  /** POST {id}: refused while meters use it */
  meterModelDelete: `${W}/device/meterModel/delete`,
  /** GET ?field=typeName&value&id */
  meterModelExist: `${W}/device/meterModel/exist`,

  collectorTypes: `${W}/device/collectorType/list`,
  collectorTypeSave: `${W}/device/collectorType/save`,
  collectorTypeUpdate: `${W}/device/collectorType/update`,
  /** POST {id}: refused while collectors use it */
  collectorTypeDelete: `${W}/device/collectorType/delete`,
  collectorTypeExist: `${W}/device/collectorType/exist`,

  /** GET: resident categories (the selector asks page 1, limit 100: spec §7/§9) */
  residentCategories: `${W}/data/residentCategory/list`,
  residentCategorySave: `${W}/data/residentCategory/save`,
  residentCategoryUpdate: `${W}/data/residentCategory/update`,
  /** POST {id}: refused while residents use it */
  residentCategoryDelete: `${W}/data/residentCategory/delete`,
  residentCategoryExist: `${W}/data/residentCategory/exist`,

  /** GET ?keyType&code → datas: the entry (or null) */
  paramByCode: `${B}/paramconfig/getCode`,
  /** GET ?keyType → datas: the group's entries in order */
  paramsByKeyType: `${B}/paramconfig/getByKeyType`,
  /** GET → datas: every entry of the tenant, grouped by the page */
  params: `${B}/paramconfig/list`,
  /** POST ParamConfigSave[]: rows with id update, without create; all or nothing */
  paramBatchSave: `${B}/paramconfig/batchSaveAndBatchUpdate`,
  /** GET ?id&enabled=true|false */
  paramSetEnabled: `${B}/paramconfig/setEnabled`,
  /** GET ?keyType&code → datas: true | false (false when missing) */
  paramGetEnabled: `${B}/paramconfig/getEnabled`,
  /** DELETE {id} */
  paramDelete: `${B}/paramconfig`,
} as const;

/** Spec §9: the resident category selector loads one page of 100. */
export const CATEGORY_LIST_LIMIT = 100;
