// Paging parameters of every list (spec §9: table page sizes 50, 100, 200, default 50; selectors 50; region 999).
import { type Static, Type } from '@sinclair/typebox';

export const PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_LIMIT = 999;

export const PageQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_PAGE_SIZE }),
});
export type PageQuery = Static<typeof PageQuery>;
