// The response envelopes of spec §7: `Result` for single objects, actions and the lists the spec names
// (area, region, notice); `PageResult` for paged lists. Code 0 is success everywhere.
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** `{ resp_code, resp_msg, datas }`. */
export const Result = <T extends TSchema>(datas: T) =>
  Type.Object({
    resp_code: Type.Integer({ description: '0 = success; non-zero = business failure (message in resp_msg)' }),
    resp_msg: Type.String(),
    datas,
  });
export type Result<T> = { resp_code: number; resp_msg: string; datas: T };

/** `{ code, msg, count, data }`: one page of a list plus the total row count. */
export const PageResult = <T extends TSchema>(item: T) =>
  Type.Object({
    code: Type.Integer(),
    msg: Type.String(),
    count: Type.Integer({ minimum: 0 }),
    data: Type.Array(item),
  });
export type PageResult<T> = { code: number; msg: string; count: number; data: T[] };

/** The failure body every error status carries (400, 401, 403, 404, 429, 5xx, 502/504 from the edge). */
export const ErrorBody = Type.Object({
  resp_code: Type.Integer({ description: 'the HTTP status, or a business code' }),
  resp_msg: Type.String({ description: 'localized message (Accept-Language)' }),
  datas: Type.Optional(Type.Unknown()),
  field: Type.Optional(Type.String({ description: 'the request field a 400 is about' })),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const ok = <T>(datas: T, msg = 'success'): Result<T> => ({ resp_code: 0, resp_msg: msg, datas });
export const page = <T>(data: T[], count: number, msg = 'success'): PageResult<T> => ({ code: 0, msg, count, data });
