// Concentrators (集中器, spec §7 device/concentrator): the top of the device hierarchy, collectors and meters hang
// on one. Row, save body, filters and form rules (exact messages) shared by the gateway routes and the web form;
// the stored settings (server address, report rate, SIM card) and the counts of the device overview.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../api/schemaParts.ts';
import type { MessageKey } from '../i18n/messages.ts';
import { checkIp, checkLatitude, checkLongitude, checkPort } from '../rules/index.ts';
import { NAME_MAX } from '../rules/textLimits.ts';
import type { RuleViolation } from '../user/rules.ts';

const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);

/** Minutes between reports / uploads a device accepts: 1 minute to one day. */
export const RATE_MIN = 1;
export const RATE_MAX = 1440;

/** One row of the concentrator list (also the selector's item: id, concentratorCode). */
export const Concentrator = Type.Object({
  id: Type.Integer(),
  concentratorCode: Type.String(),
  name: Nullable(Type.String()),
  manufacturerId: NullableInt,
  manufacturerName: Nullable(Type.String()),
  areaId: NullableInt,
  areaName: Nullable(Type.String()),
  address: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  port: NullableInt,
  simCard: Nullable(Type.String()),
  /** minutes between reports */
  reportRate: NullableInt,
  /** YYYY-MM-DD */
  installDate: Nullable(Type.String()),
  used: Type.Boolean(),
  lng: NullableNumber,
  lat: NullableNumber,
  online: Type.Boolean(),
  lastReportTime: Nullable(Type.String({ format: 'date-time' })),
  remark: Nullable(Type.String()),
  createTime: Type.String({ format: 'date-time' }),
  collectorCount: Type.Integer(),
  meterCount: Type.Integer(),
});
export type Concentrator = Static<typeof Concentrator>;

const OptText = (maxLength: number) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength })]));
// null first in request bodies: the request coercion would turn a null into 0 for an integer tried first
const OptInt = Type.Optional(Type.Union([Type.Null(), Type.Integer()]));
const OptNumber = Type.Optional(Type.Union([Type.Null(), Type.Number()]));

/** `POST save` (no id) and `POST udpateConcentrator` (id). */
export const ConcentratorSave = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  concentratorCode: Type.String({ maxLength: 50 }),
  name: OptText(NAME_MAX),
  manufacturerId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 })])),
  areaId: Type.Integer({ minimum: 1 }),
  address: OptText(200),
  ip: OptText(50),
  port: OptInt,
  simCard: OptText(30),
  reportRate: OptInt,
  installDate: Type.Optional(Type.Union([Type.Null(), Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })])),
  used: Type.Optional(Type.Boolean()),
  lng: OptNumber,
  lat: OptNumber,
  remark: OptText(200),
  companyId: Type.Optional(Type.Unknown({ description: 'ignored: the tenant comes from the token' })),
});
export type ConcentratorSave = Static<typeof ConcentratorSave>;

export const ConcentratorFilters = Type.Object({
  /** contained in the code (the selector sends what was typed) */
  concentratorCode: Type.Optional(Type.String({ maxLength: 50 })),
  areaId: Type.Optional(Type.Integer({ minimum: 1 })),
  online: Type.Optional(Type.Boolean()),
  used: Type.Optional(Type.Boolean()),
});
export type ConcentratorFilters = Static<typeof ConcentratorFilters>;

export const CONCENTRATOR_SORT_FIELDS = ['concentratorCode', 'lastReportTime', 'createTime'] as const;

/** `POST deleteConcentrator`, `GET deviceNum`, `GET serverIpPort`… */
export const DeviceIdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const DeviceIdQuery = DeviceIdBody;

/** `POST params` / `GET params/{id}`: the settings stored for the device (sending them is issue 5's command). */
export const ConcentratorParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  ip: Type.Union([Type.Null(), Type.String({ maxLength: 50 })]),
  port: Type.Union([Type.Null(), Type.Integer()]),
  reportRate: Type.Union([Type.Null(), Type.Integer()]),
  simCard: Type.Union([Type.Null(), Type.String({ maxLength: 30 })]),
});
export type ConcentratorParams = Static<typeof ConcentratorParams>;

/** `GET/POST serverIpPort`: the address the concentrator reports to. */
export const ServerIpPort = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  ip: Type.String({ maxLength: 50 }),
  port: Type.Integer(),
});
export type ServerIpPort = Static<typeof ServerIpPort>;

/** `GET/POST concentratorReportTimeRate`. */
export const ReportTimeRate = Type.Object({ id: Type.Integer({ minimum: 1 }), reportRate: Type.Integer() });
export type ReportTimeRate = Static<typeof ReportTimeRate>;

/** `GET concentratorTime`: the server's time and the concentrator's last report (its clock is read by issue 5). */
export const ConcentratorTime = Type.Object({
  id: Type.Integer(),
  serverTime: Type.String({ format: 'date-time' }),
  lastReportTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** the concentrator's clock minus the server's at its last report, seconds (null: it never sent its clock) */
  clockOffsetSeconds: Type.Union([Type.Integer(), Type.Null()]),
  /** the concentrator's clock now, as the server reckons it from that offset */
  deviceTime: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ConcentratorTime = Static<typeof ConcentratorTime>;

/** `GET deviceNum`: what hangs on one concentrator. */
export const DeviceNum = Type.Object({
  id: Type.Integer(),
  collectorCount: Type.Integer(),
  meterCount: Type.Integer(),
});
export type DeviceNum = Static<typeof DeviceNum>;

const OnlineCount = Type.Object({ online: Type.Integer(), offline: Type.Integer(), total: Type.Integer() });
/** `GET deviceCount`: online / offline / total per device kind, in the caller's data scope. */
export const DeviceCount = Type.Object({
  concentrators: OnlineCount,
  collectors: OnlineCount,
  meters: OnlineCount,
});
export type DeviceCount = Static<typeof DeviceCount>;

/** `GET findConcentratorByCodeAndCompanyId`: the code; companyId is ignored (the token names the tenant). */
export const ConcentratorByCodeQuery = Type.Object({
  concentratorCode: Type.String({ minLength: 1, maxLength: 50 }),
  companyId: Type.Optional(Type.Unknown()),
});

/** The code proposed for a new concentrator when none was ever saved. */
export const FIRST_DEVICE_CODE = '0001';

/**
 * `GET deviceCode`: the code proposed for a new device — the latest code with its trailing number raised by one,
 * keeping its prefix and width (JZQ0009 → JZQ0010); a code without a trailing number gets "1" appended. Only a
 * proposal: save still checks that the code is free.
 */
export const nextDeviceCode = (latest: string | null | undefined): string => {
  const code = (latest ?? '').trim();
  if (code === '') return FIRST_DEVICE_CODE;
  const m = /^(.*?)(\d+)$/.exec(code);
  if (!m) return `${code}1`;
  const [, prefix, digits] = m as unknown as [string, string, string];
  const next = String(BigInt(digits) + 1n);
  return prefix + next.padStart(digits.length, '0');
};

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** Report rate / upload frequency in minutes, 1–1440; empty passes (optional field). */
export const checkRate = (v: unknown): MessageKey | null =>
  blank(v) || (Number.isInteger(Number(v)) && Number(v) >= RATE_MIN && Number(v) <= RATE_MAX)
    ? null
    : 'rules.deviceRate.range';

/** The server address of a device: both IP and port, each valid (spec §5 IP and port validators). */
export const validateIpPort = (a: { ip?: string | null; port?: number | string | null }, required: boolean) => {
  const out: RuleViolation[] = [];
  if (required && blank(a.ip)) out.push({ field: 'ip', message: 'rules.ip.required' });
  const ip = checkIp(a.ip ?? null);
  if (ip) out.push({ field: 'ip', message: ip });
  if (required && blank(a.port)) out.push({ field: 'port', message: 'rules.port.required' });
  const port = checkPort(a.port ?? null);
  if (port) out.push({ field: 'port', message: port });
  return out;
};

/** The concentrator form's rules: code and area required, address, rate and position valid. */
export const validateConcentrator = (c: {
  concentratorCode?: string | null;
  areaId?: number | string | null;
  ip?: string | null;
  port?: number | string | null;
  reportRate?: number | string | null;
  lng?: number | string | null;
  lat?: number | string | null;
}): RuleViolation[] => {
  const out: RuleViolation[] = [];
  if (blank(c.concentratorCode)) out.push({ field: 'concentratorCode', message: 'rules.concentratorCode.required' });
  if (blank(c.areaId)) out.push({ field: 'areaId', message: 'rules.deviceArea.required' });
  out.push(...validateIpPort(c, false));
  const rate = checkRate(c.reportRate);
  if (rate) out.push({ field: 'reportRate', message: rate });
  const lng = checkLongitude(c.lng ?? null);
  if (lng) out.push({ field: 'lng', message: lng });
  const lat = checkLatitude(c.lat ?? null);
  if (lat) out.push({ field: 'lat', message: lat });
  return out;
};
