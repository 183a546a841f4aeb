// The concrete remote selectors of spec §2/§3/§7 as data: the list path, the query field typed into, and the item's
// id and label fields ("Selector items"). Issue 4's collector, concentrator, water meter, resident and category
// selectors are one descriptor each; `searchOf` turns a descriptor into the RemoteSelect's `search`.
import type { PageResult } from '@waterops/shared/api';
import { PLACE_PATHS } from '@waterops/shared/place';
import { request } from '../../api/request.ts';
import type { RemoteSearch } from '../RemoteSelect.tsx';

/** Spec §9: selector pages hold 50. */
export const SELECTOR_PAGE_SIZE = 50;

export type SelectorItem = { id: number; label: string };

export type RemoteSelectorDef = {
  /** the list path (GET, paged: page, limit) */
  path: string;
  /** the query parameter the typed text goes into (areaName, collectorCode, meterCode…) */
  queryField: string;
  /** the item's id field (id, residentId) */
  idField: string;
  /** the item's label field (areaName, collectorCode, residentCode…) */
  labelField: string;
  /** fixed filters sent with every search (the district inlets' `bulk: true`) */
  params?: Readonly<Record<string, string | number | boolean>>;
};

/** Spec §3: residential area (id, areaName), searched by areaName (spec §7 findListByAreaName). */
export const AREA_SELECTOR: RemoteSelectorDef = {
  path: PLACE_PATHS.areaSearch,
  queryField: 'areaName',
  idField: 'id',
  labelField: 'areaName',
};

/** One page of matches of a selector: the items as { id, label }, and the total count. */
export const searchOf =
  (def: RemoteSelectorDef): RemoteSearch<SelectorItem> =>
  async (query, page) => {
    const body = await request<PageResult<Record<string, unknown>>>({
      url: def.path,
      params: { ...def.params, [def.queryField]: query, page, limit: SELECTOR_PAGE_SIZE },
    });
    return {
      items: body.data.map((row) => ({ id: Number(row[def.idField]), label: String(row[def.labelField] ?? '') })),
      count: body.count,
    };
  };

/** The exclusive empty entry of multi-selects ("全部 / All": no restriction); its id is 0. */
export const ALL_ITEM_ID = 0;
export const isAllItem = (item: SelectorItem): boolean => item.id === ALL_ITEM_ID;

/** The ids a multi-select's choice stands for: the empty entry (or nothing) means none, i.e. no restriction. */
export const chosenIds = (items: readonly SelectorItem[]): number[] =>
  items.some(isAllItem) ? [] : items.map((i) => i.id);
