// The district form's rules (spec §5 "district name not empty"), used by the form and by the save route alike:
// name, one role per meter, an outline of at least three distinct points in range, and no district its own parent.
import type { MessageKey } from '../i18n/messages.ts';
import type { RuleViolation } from '../user/rules.ts';
import { DISTRICT_NAME_MAX } from './districts.ts';

export type DistrictRuleInput = {
  id?: number | null;
  districtName?: string | null;
  parentId?: number | null;
  polygon?: readonly (readonly number[])[] | null;
  inletMeterIds?: readonly number[] | null;
  outletMeterIds?: readonly number[] | null;
  supervisionMeterIds?: readonly number[] | null;
  memberMeterIds?: readonly number[] | null;
};

const ROLE_FIELDS = ['inletMeterIds', 'outletMeterIds', 'supervisionMeterIds', 'memberMeterIds'] as const;

/** The points of an outline without repeats (a closed ring repeats its first point at the end). */
export const distinctPointCount = (polygon: readonly (readonly number[])[]): number =>
  new Set(polygon.map((p) => `${p[0]},${p[1]}`)).size;

const inRange = (p: readonly number[]) =>
  p.length === 2 &&
  Number.isFinite(p[0]) &&
  Number.isFinite(p[1]) &&
  Math.abs(p[0] as number) <= 180 &&
  Math.abs(p[1] as number) <= 90;

/** The first field of each broken rule with its message; empty when the district may be saved. */
export const validateDistrict = (v: DistrictRuleInput): RuleViolation[] => {
  const out: RuleViolation[] = [];
  const push = (field: string, message: MessageKey) => out.push({ field, message });
  const name = (v.districtName ?? '').trim();
  if (name === '') push('districtName', 'rules.districtName.required');
  else if (name.length > DISTRICT_NAME_MAX) push('districtName', 'rules.districtName.tooLong');

  // a meter measures one thing for a district: counted as inlet and outlet it would cancel itself out
  const seen = new Set<number>();
  for (const field of ROLE_FIELDS) {
    const ids = v[field] ?? [];
    if (ids.some((id) => seen.has(id))) {
      push(field, 'rules.districtMeter.oneRole');
      break;
    }
    for (const id of ids) seen.add(id);
  }

  if (v.polygon) {
    if (!v.polygon.every(inRange)) push('polygon', 'rules.districtPolygon.range');
    else if (distinctPointCount(v.polygon) < 3) push('polygon', 'rules.districtPolygon.tooFew');
  }
  if (v.id != null && v.parentId != null && v.id === v.parentId) push('parentId', 'rules.districtParent.self');
  return out;
};

/** The ring as stored: closed (the first point repeated at the end) when it was not already. */
export const closeRing = (polygon: readonly (readonly [number, number])[]): [number, number][] => {
  const ring = polygon.map(([lng, lat]) => [lng, lat] as [number, number]);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
};
