// An account's data scope (spec §3 "account … data scope of belonging district and community", §7
// data/userRegionArea): whole regions and single residential areas. No entry = unrestricted.
import { type Static, Type } from '@sinclair/typebox';

/** What an account may see: rows of these regions or of these areas. */
export type DataScope = { regionIds: number[]; areaIds: number[] };

/** Spec §3 "account type". */
export const ACCOUNT_TYPES = [1, 2, 3, 4] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** New accounts are operators unless told otherwise. */
export const DEFAULT_ACCOUNT_TYPE: AccountType = 2;

const NamedRegion = Type.Object({ id: Type.Integer(), regionName: Type.String() });
const NamedArea = Type.Object({ id: Type.Integer(), areaName: Type.String() });

/** An account's scope as lists show it. */
export const UserRegionArea = Type.Object({
  userId: Type.Integer(),
  regionIds: Type.Array(Type.Integer()),
  areaIds: Type.Array(Type.Integer()),
  regions: Type.Array(NamedRegion),
  areas: Type.Array(NamedArea),
});
export type UserRegionArea = Static<typeof UserRegionArea>;

/** `POST data/userRegionArea/save`: the account's scope becomes exactly these (both empty = unrestricted). */
export const UserRegionAreaSave = Type.Object({
  userId: Type.Integer({ minimum: 1 }),
  regionIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 999 }),
  areaIds: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 5000 }),
});
export type UserRegionAreaSave = Static<typeof UserRegionAreaSave>;

/** `POST data/userRegionArea/delete`: the account becomes unrestricted. */
export const UserRegionAreaDelete = Type.Object({ userId: Type.Integer({ minimum: 1 }) });

/** `GET data/userRegionArea/findByUserId?userId`. */
export const UserRegionAreaQuery = Type.Object({ userId: Type.Integer({ minimum: 1 }) });
