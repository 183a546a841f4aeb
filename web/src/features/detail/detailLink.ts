// Detail drawers are addressed by the URL: `?detail=<kind>:<id>` on whatever page is open, so a drawer survives a
// reload, can be linked to, and one drawer can walk to another (a meter → its collector → its concentrator) with
// the browser's back button going the other way.
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** What can be opened in a detail drawer; each kind's drawer is registered in detailRegistry.tsx. */
export const DETAIL_KINDS = ['meter', 'resident', 'concentrator', 'collector', 'area', 'complaint'] as const;
export type DetailKind = (typeof DETAIL_KINDS)[number];
export type DetailRef = { kind: DetailKind; id: number };

const PARAM = 'detail';

/** The drawer a search string asks for, or null (unknown kind, bad id). */
export const detailOf = (search: string): DetailRef | null => {
  const value = new URLSearchParams(search).get(PARAM);
  const match = value ? /^([a-zA-Z]+):(\d{1,15})$/.exec(value) : null;
  if (!match || !(DETAIL_KINDS as readonly string[]).includes(match[1] ?? '')) return null;
  return { kind: match[1] as DetailKind, id: Number(match[2]) };
};

/** The search string with the drawer set (or removed with null), other parameters kept. */
export const withDetail = (search: string, ref: DetailRef | null): string => {
  const params = new URLSearchParams(search);
  if (ref) params.set(PARAM, `${ref.kind}:${ref.id}`);
  else params.delete(PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** Opens (or, with null, closes) a detail drawer over the current page. */
export const useOpenDetail = () => {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (ref: DetailRef | null) => navigate({ pathname: location.pathname, search: withDetail(location.search, ref) }),
    [navigate, location.pathname, location.search],
  );
};
