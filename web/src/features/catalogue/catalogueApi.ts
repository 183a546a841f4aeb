// Catalogue calls beyond the generic list/save/delete: every manufacturer (the model and collector type forms choose
// from them) and every resident category (CategorySelect: page 1, limit 100, spec §7/§9), and the pages' resource
// ids, whose cache tags refresh these lists after a save on the catalogue's own page.
import type { PageResult } from '@waterops/shared/api';
import {
  CATALOGUE_PATHS,
  CATEGORY_LIST_LIMIT,
  type Manufacturer,
  type ResidentCategory,
} from '@waterops/shared/catalogue';
import { baseApi } from '../../api/baseApi.ts';

export const MANUFACTURER_RESOURCE = 'catalogue.manufacturer';
export const METER_MODEL_RESOURCE = 'catalogue.meterModel';
export const COLLECTOR_TYPE_RESOURCE = 'catalogue.collectorType';
export const RESIDENT_CATEGORY_RESOURCE = 'catalogue.residentCategory';

/** The manufacturer choices of a form: one page of 999, enough for any water company's suppliers. */
const MANUFACTURER_LIST_LIMIT = 999;

export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    allManufacturers: build.query<Manufacturer[], void>({
      query: () => ({ url: CATALOGUE_PATHS.manufacturers, params: { page: 1, limit: MANUFACTURER_LIST_LIMIT } }),
      transformResponse: (r: PageResult<Manufacturer>) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: MANUFACTURER_RESOURCE }],
    }),
    allResidentCategories: build.query<ResidentCategory[], void>({
      query: () => ({ url: CATALOGUE_PATHS.residentCategories, params: { page: 1, limit: CATEGORY_LIST_LIMIT } }),
      transformResponse: (r: PageResult<ResidentCategory>) => r.data ?? [],
      providesTags: [{ type: 'Resource', id: RESIDENT_CATEGORY_RESOURCE }],
    }),
  }),
});

export const { useAllManufacturersQuery, useAllResidentCategoriesQuery } = catalogueApi;
