// Sorting parameters of resource lists: `sort` names a column the resource allows, `order` is asc or desc.
import { type TSchema, Type } from '@sinclair/typebox';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** `sort` limited to the given field names, and `order`; both optional (the resource's default sort applies). */
export const SortQuery = (fields: readonly string[]) =>
  Type.Object({
    sort: Type.Optional(fields.length ? Type.Union(fields.map((f) => Type.Literal(f)) as TSchema[]) : Type.Never()),
    order: Type.Optional(Type.Union(SORT_ORDERS.map((o) => Type.Literal(o)))),
  });

/** `GET …/exist?field=…&value=…&id=…` (spec §7 `exist`): is the value taken by another record of the tenant? */
export const ExistQuery = (fields: readonly string[]) =>
  Type.Object({
    field: fields.length ? Type.Union(fields.map((f) => Type.Literal(f)) as TSchema[]) : Type.Never(),
    value: Type.String({ maxLength: 200 }),
    /** the record being edited: its own value does not count */
    id: Type.Optional(Type.Integer({ minimum: 1 })),
  });

/** Path parameter of a single record. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
