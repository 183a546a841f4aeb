// Collectors (采集器, spec §7 device/collector): wired (link kind 1) or wireless (2), under a concentrator, reading
// meters. Row, save body, filters, form rules (exact messages) and the stored settings routes' bodies.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import { splitCodes } from '../rules/index.ts';
import type { RuleViolation } from '../user/rules.ts';
import { checkRate, validateIpPort } from './concentrators.ts';

/** 1 wired (findWiredList), 2 wireless (findWirelessList). */
export const LINK_KINDS = [1, 2] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);

/** One row of the collector lists (also the selector's item: collectorCode, id). */
export const Collector = Type.Object({
  id: Type.Integer(),
  collectorCode: Type.String(),
  linkKind: Type.Integer(),
  collectorTypeId: NullableInt,
  collectorTypeName: Nullable(Type.String()),
  concentratorId: NullableInt,
  concentratorCode: Nullable(Type.String()),
  areaId: NullableInt,
  areaName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  port: NullableInt,
  /** minutes between uploads */
  uploadFrequency: NullableInt,
  channel: NullableInt,
  installDate: Nullable(Type.String()),
  online: Type.Boolean(),
  lastReportTime: Nullable(Type.String({ format: 'date-time' })),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
  meterCount: Type.Integer(),
});
export type Collector = Static<typeof Collector>;

const OptText = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));
// null first in request bodies: the request coercion would turn a null into 0 for an integer tried first
const OptInt = Type.Optional(Type.Union([Type.Null(), Type.Integer()]));
const OptId = Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]));

/** `POST device/collector` (no id) and `POST udpateCollector` (id). */
export const CollectorSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  collectorCode: Type.String({ maxLength: 50 }),
  linkKind: Type.Union(LINK_KINDS.map((k) => Type.Literal(k))),
  collectorTypeId: OptId,
  concentratorId: OptId,
  areaId: Type.Integer({ minimum: 1 }),
  address: OptText(200),
  ip: OptText(50),
  port: OptInt,
  uploadFrequency: OptInt,
  channel: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 255 })])),
  installDate: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })])),
  remark: OptText(200),
  companyId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type CollectorSave = Static<typeof CollectorSave>;

export const CollectorFilters = Type.Object({
  /** contained in the code (the selector sends what was typed) */
  collectorCode: Type.Optional(Type.String({ maxLength: 50 })),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  concentratorId: Type.Optional(Type.Integer({ minimum: 1 })),
  online: Type.Optional(Type.Boolean()),
  /** only on `list`: findWiredList / findWirelessList fix it */
  linkKind: Type.Optional(Type.Union(LINK_KINDS.map((k) => Type.Literal(k)))),
});
export type CollectorFilters = Static<typeof CollectorFilters>;

export const COLLECTOR_SORT_FIELDS = ['collectorCode', 'lastReportTime', 'createTime'] as const;

/** `POST batchDelete`: all or nothing. */
export const CollectorBatchDelete = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500, uniqueItems: true }),
});
export type CollectorBatchDelete = Static<typeof CollectorBatchDelete>;

/** `GET/POST ipaddress/{id}`. */
export const CollectorIpAddress = Type.Object({ ip: Type.String({ maxLength: 50 }), port: Type.Integer() });
export type CollectorIpAddress = Static<typeof CollectorIpAddress>;

/** `GET/POST uploadfrequency/{id}`. */
export const CollectorUploadFrequency = Type.Object({ uploadFrequency: Type.Integer() });
export type CollectorUploadFrequency = Static<typeof CollectorUploadFrequency>;

/** `POST setDeviceArchives/{id}`: the meters the collector reads, body codes "separated by spaces". */
export const CollectorArchivesSave = Type.Object({ meterCodes: Type.String({ maxLength: 20000 }) });
export type CollectorArchivesSave = Static<typeof CollectorArchivesSave>;

/** `GET setDeviceArchives/{id}`: the body codes of the meters the collector reads, in code order. */
export const CollectorArchives = Type.Object({ id: Type.Integer(), meterCodes: Type.Array(Type.String()) });
export type CollectorArchives = Static<typeof CollectorArchives>;

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The collector form's rules: code, link kind and area required; address and frequency valid. */
export const validateCollector = (c: {
  collectorCode?: string | null;
  linkKind?: number | string | null;
  areaId?: number | string | null;
  ip?: string | null;
  port?: number | string | null;
  uploadFrequency?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (blank(c.collectorCode)) out.push({ field: 'collectorCode', message: 'rules.collectorCode.required' });
  if (blank(c.linkKind)) out.push({ field: 'linkKind', message: 'rules.collectorLinkKind.required' });
  if (blank(c.areaId)) out.push({ field: 'areaId', message: 'rules.deviceArea.required' });
  out.push(...validateIpPort(c, false));
  const rate = checkRate(c.uploadFrequency);
  if (rate) out.push({ field: 'uploadFrequency', message: rate });
  return out;
};

/** The archives field's rule: codes separated by spaces, none twice (an empty list clears the collector's meters). */
export const validateArchives = (meterCodes: string | null | undefined): RuleViolation[] => {
  const { message } = splitCodes(meterCodes);
  return message ? [{ field: 'meterCodes', message }] : [];
};
