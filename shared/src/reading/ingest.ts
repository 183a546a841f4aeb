// The public ingestion API (/api-workbench/ingest/*): how concentrators, NB-IoT platforms, head-end systems and the
// city simulator hand WaterOps their data. Calls are signed with an ingestion key (`Authorization: Device <key>`),
// never a user token. Rows are validated one by one: the body schema only checks the envelope, so one bad row is
// rejected with its reason while the good rows of the same batch are kept.
import { type Static, Type } from '@sinclair/typebox';
import { MeterKind } from '../device/meterKind.ts';
import { MainsLengthKm, MeanPressureM, Polygon } from '../dma/districts.ts';
import { NAME_MAX } from '../rules/textLimits.ts';

const W = '/api-workbench/ingest';

export const INGEST_PATHS = {
  /** POST IngestBatch → Result(IngestReply) */
  readings: `${W}/readings`,
  /** GET → Result(PendingCommand[]): pending commands for the key's devices (they move created → executing) */
  commands: `${W}/commands`,
  /** POST CommandResult[] → Result({ updated }) */
  commandResults: `${W}/commandResults`,
  /** POST Archives → Result(ArchivesReply): registers devices, places and residents WaterOps does not know yet */
  archives: `${W}/archives`,
  /** GET → Result(IngestStatus): what WaterOps holds for the key (for a head-end to resume after a gap) */
  status: `${W}/status`,
  // — key management, for users (permission device:ingestKey:*) —
  /** GET paged keys (name contains, enabled) */
  keys: `${W}/keys`,
  /** POST { name, concentratorId? } → Result({ id, key }): the key is shown once */
  keySave: `${W}/keys/save`,
  /** POST { id, enabled } */
  keyEnabled: `${W}/keys/enabled`,
  /** POST { id } */
  keyDelete: `${W}/keys/delete`,
} as const;

/** The header scheme ingestion calls carry: `Authorization: Device <key>`. */
export const INGEST_AUTH_SCHEME = 'Device';

/** At most this many readings per call (a head-end splits larger uploads). */
export const INGEST_MAX_READINGS = 10_000;
/** Reads stamped further ahead of the server clock than this are refused (a drifting clock); later ones are fine. */
export const INGEST_MAX_FUTURE_MS = 10 * 60_000;
/**
 * Reads stamped before this are refused: remotely read meters (and WaterOps' tenants) postdate it, so an earlier
 * time is a typo or a device clock that was never set. Each month of reads gets its own partition, so without a
 * floor one bad batch (1880–1963) created a thousand of them. 2000-01-01 China time, as the tenants keep their days.
 */
export const INGEST_EARLIEST_READ = '2000-01-01T00:00:00+08:00';

/** One register read (documented shape; checked row by row, not by the body schema). */
export const IngestReading = Type.Object({
  /** the meter's body code (表身号); or remoteCode */
  meterCode: Type.Optional(Type.String()),
  /** the meter's remote code (远传号), when the device knows the meter by it */
  remoteCode: Type.Optional(Type.String()),
  /** ISO 8601 time of the read, with offset (e.g. 2026-11-23T08:00:00+08:00) */
  time: Type.String(),
  /** cumulative register, m³, ≥ 0, at most 3 decimals, not above the meter's max reading */
  reading: Type.Number(),
  /** battery voltage, V (0–10) */
  voltage: Type.Optional(Type.Number()),
  /** signal quality 0–31 (99 unknown) */
  csq: Type.Optional(Type.Integer()),
  /** reference signal received power, dBm (−140…−44) */
  rsrp: Type.Optional(Type.Integer()),
  /** 1 open, 0 closed */
  valveState: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type IngestReading = Static<typeof IngestReading>;

/** Status of a concentrator or collector (meters report theirs with their reads). */
export const IngestStatus = Type.Object({
  kind: Type.Union([Type.Literal('concentrator'), Type.Literal('collector')]),
  code: Type.String(),
  /** ISO time of the status; default now */
  time: Type.Optional(Type.String()),
});
export type IngestStatus = Static<typeof IngestStatus>;

export const CommandResult = Type.Object({
  commandId: Type.Integer({ minimum: 1 }),
  success: Type.Boolean(),
  /** the device's words when it failed */
  message: Type.Optional(Type.String({ maxLength: 500 })),
  /** what the device answered (e.g. the read for readNow, the parameters it holds) */
  result: Type.Optional(Type.Unknown()),
});
export type CommandResult = Static<typeof CommandResult>;

export const IngestBatch = Type.Object({
  /** the concentrator sending (marked online, its clock offset recorded from `clock`) */
  concentratorCode: Type.Optional(Type.String({ maxLength: 64 })),
  /** the sender's clock (ISO) when it sent the batch: the concentrator's clock drift */
  clock: Type.Optional(Type.String({ maxLength: 40 })),
  /**
   * when the concentrator sent this batch, if a head-end relays it later (ISO): its last report is then that time,
   * never later than now; without it, now
   */
  sentAt: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
  readings: Type.Array(Type.Unknown({ description: 'IngestReading' }), { maxItems: INGEST_MAX_READINGS, default: [] }),
  status: Type.Optional(Type.Array(Type.Unknown({ description: 'IngestStatus' }), { maxItems: 10_000 })),
  // each answer is checked on its own (CommandResult): a bad one is refused with its index, the others are stored
  commandResults: Type.Optional(Type.Array(Type.Unknown({ description: 'CommandResult' }), { maxItems: 10_000 })),
});
export type IngestBatch = Static<typeof IngestBatch>;

/** Why a row was refused (the reply also carries the localized message). */
export const REJECT_REASONS = [
  'invalid', // not an object, or a field of the wrong type
  'noMeter', // neither meterCode nor remoteCode
  'unknownMeter', // no such meter in the tenant (or outside the key's concentrator)
  'badTime', // unparsable time
  'future', // time too far ahead of the server clock
  'tooEarly', // time before INGEST_EARLIEST_READ
  'badCode', // a code with control characters (a NUL byte cannot even be stored)
  'badReading', // negative, not finite, more than 3 decimals
  'aboveMax', // above the meter's max reading
  'badVoltage',
  'badCsq',
  'badRsrp',
  'badValveState',
  'blacklisted', // the meter is on the data-push blacklist
  'conflict', // a read for this meter and time is stored with a different value
  'unknownDevice', // status for an unknown concentrator or collector
  'unknownArea', // archives: an area name the tenant does not have
  'unknownCategory', // archives: a resident category the tenant does not have
  'unknownCatalogue', // archives: a manufacturer, meter model or collector type the tenant does not have
  'meterBound', // archives: the resident's meter is bound to someone else
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

export const RejectedRow = Type.Object({
  /** the row's index in the array it came from */
  index: Type.Integer(),
  /** 'readings' or 'status' */
  section: Type.String(),
  /** the code the row named, if any */
  code: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String(),
  message: Type.String(),
});
export type RejectedRow = Static<typeof RejectedRow>;

export const PendingCommand = Type.Object({
  id: Type.Integer(),
  deviceKind: Type.Union([Type.Literal('concentrator'), Type.Literal('collector'), Type.Literal('meter')]),
  deviceCode: Type.String(),
  /** valveOpen | valveClose | readNow | params | clock | reportRate | serverIpPort | uploadFrequency | archives */
  command: Type.String(),
  params: Type.Unknown(),
  /** answer before this time (ISO) or the command fails */
  deadline: Type.String(),
});
export type PendingCommand = Static<typeof PendingCommand>;

export const IngestReply = Type.Object({
  /** rows stored now */
  accepted: Type.Integer(),
  /** rows already stored with the same value (a resend): not stored again */
  duplicates: Type.Integer(),
  rejected: Type.Array(RejectedRow),
  /** command results applied */
  results: Type.Integer(),
  commands: Type.Array(PendingCommand),
});
export type IngestReply = Static<typeof IngestReply>;

export const IngestStatusReply = Type.Object({
  meters: Type.Integer(),
  /** the latest read stored for the key's meters (ISO), null when none */
  lastReadingAt: Type.Union([Type.String(), Type.Null()]),
  serverTime: Type.String(),
});
export type IngestStatusReply = Static<typeof IngestStatusReply>;

// — archives: what a head-end system knows about the city —

const Position = {
  lng: Type.Optional(Type.Number()),
  lat: Type.Optional(Type.Number()),
};

/** A name the sync creates (region, area, catalogue entry, resident, district…): the forms' limit (spec §5). */
const ArchiveName = Type.String({ minLength: 1, maxLength: NAME_MAX });
/** A name the sync looks up: names saved before the 20-character limit may be longer, so they are still found. */
const NameRef = Type.String({ maxLength: 50 });
/** A device code the sync looks up. */
const CodeRef = Type.String({ maxLength: 64 });
const ArchiveAddress = Type.String({ maxLength: 200 });

export const Archives = Type.Object({
  regions: Type.Optional(
    Type.Array(
      Type.Object({
        name: ArchiveName,
        areas: Type.Array(
          Type.Object({
            name: ArchiveName,
            address: Type.Optional(ArchiveAddress),
            ...Position,
          }),
        ),
      }),
      { maxItems: 1000 },
    ),
  ),
  /** resident category names (用户类别) */
  categories: Type.Optional(Type.Array(ArchiveName, { maxItems: 100 })),
  // the catalogue the devices below name (厂家, 表型, 采集器类型): an entry is created when the tenant has none of that name
  manufacturers: Type.Optional(
    Type.Array(
      Type.Object({
        name: ArchiveName,
        contact: Type.Optional(Type.String({ maxLength: 50 })),
        phone: Type.Optional(Type.String({ maxLength: 30 })),
      }),
      { maxItems: 1000 },
    ),
  ),
  meterModels: Type.Optional(
    Type.Array(
      Type.Object({
        name: ArchiveName,
        /** a manufacturer of this sync or of the tenant, by name */
        manufacturer: Type.Optional(NameRef),
        /** 1 mechanical, 2 wired remote, 3 wireless, 4 NB-IoT, 5 IC card */
        meterKind: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        caliber: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
        valveControl: Type.Optional(Type.Boolean()),
      }),
      { maxItems: 1000 },
    ),
  ),
  collectorTypes: Type.Optional(
    Type.Array(
      Type.Object({
        name: ArchiveName,
        manufacturer: Type.Optional(NameRef),
        /** 1 wired, 2 wireless */
        linkKind: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
      }),
      { maxItems: 1000 },
    ),
  ),
  concentrators: Type.Optional(
    Type.Array(
      Type.Object({
        code: Type.String({ minLength: 1, maxLength: 64 }),
        name: Type.Optional(ArchiveName),
        areaName: Type.Optional(NameRef),
        address: Type.Optional(ArchiveAddress),
        reportRate: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
        /** its manufacturer, by name (the catalogue) */
        manufacturer: Type.Optional(NameRef),
        ...Position,
      }),
      { maxItems: 50_000 },
    ),
  ),
  collectors: Type.Optional(
    Type.Array(
      Type.Object({
        code: Type.String({ minLength: 1, maxLength: 64 }),
        concentratorCode: Type.Optional(CodeRef),
        /** 1 wired, 2 wireless */
        linkKind: Type.Union([Type.Literal(1), Type.Literal(2)]),
        areaName: Type.Optional(NameRef),
        uploadFrequency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
        /** its collector type, by name (the catalogue) */
        type: Type.Optional(NameRef),
      }),
      { maxItems: 50_000 },
    ),
  ),
  meters: Type.Optional(
    Type.Array(
      Type.Object({
        meterCode: Type.String({ minLength: 1, maxLength: 64 }),
        /** household (the default) or a bulk kind (district, bulk, pump), which needs no areaName (issue 19) */
        meterKind: Type.Optional(MeterKind.schema),
        remoteCode: Type.Optional(Type.String({ maxLength: 64 })),
        collectorCode: Type.Optional(CodeRef),
        concentratorCode: Type.Optional(CodeRef),
        /** the supervision (district inlet) meter above this one */
        parentMeterCode: Type.Optional(CodeRef),
        maxReading: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        baseReading: Type.Optional(Type.Number({ minimum: 0 })),
        caliber: Type.Optional(Type.Integer({ minimum: 1, maximum: 2000 })),
        valveControl: Type.Optional(Type.Boolean()),
        /** its meter model (表型), by name (the catalogue); the model's manufacturer becomes the meter's */
        model: Type.Optional(NameRef),
        areaName: Type.Optional(NameRef),
        address: Type.Optional(ArchiveAddress),
        installDate: Type.Optional(Type.String({ format: 'date' })),
        ...Position,
      }),
      { maxItems: 50_000 },
    ),
  ),
  residents: Type.Optional(
    Type.Array(
      Type.Object({
        residentCode: Type.String({ minLength: 1, maxLength: 64 }),
        name: ArchiveName,
        phone: Type.Optional(Type.String({ maxLength: 30 })),
        address: Type.Optional(ArchiveAddress),
        areaName: Type.Optional(NameRef),
        category: Type.Optional(NameRef),
        residentsCount: Type.Optional(Type.Integer({ minimum: 0, maximum: 99 })),
        /** bound to this meter (if it is not bound yet) */
        meterCode: Type.Optional(CodeRef),
      }),
      { maxItems: 50_000 },
    ),
  ),
  /**
   * Districts (DMA) by name: a new name is created; an existing one gets the outline, inlets, outlets and member
   * areas given here (what is left out stays, and so do the meters and figures entered on the districts page).
   */
  districts: Type.Optional(
    Type.Array(
      Type.Object({
        name: ArchiveName,
        /** 1 metering zone (default for a new one), 2 supervision area */
        kind: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
        /** [lng, lat] BD-09, closed or not */
        polygon: Type.Optional(Polygon),
        inletMeterCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
        outletMeterCodes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
        areaNames: Type.Optional(Type.Array(NameRef, { maxItems: 1000 })),
        /** the network as the head-end knows it; only fills what the district does not have yet */
        mainsLengthKm: Type.Optional(MainsLengthKm),
        meanPressureM: Type.Optional(MeanPressureM),
      }),
      { maxItems: 10_000 },
    ),
  ),
});
export type Archives = Static<typeof Archives>;

const Counts = Type.Object({
  regions: Type.Integer(),
  areas: Type.Integer(),
  categories: Type.Integer(),
  manufacturers: Type.Integer(),
  meterModels: Type.Integer(),
  collectorTypes: Type.Integer(),
  concentrators: Type.Integer(),
  collectors: Type.Integer(),
  meters: Type.Integer(),
  residents: Type.Integer(),
  districts: Type.Integer(),
});

export const ArchivesReply = Type.Object({
  /** how many of each were new and created */
  created: Counts,
  rejected: Type.Array(RejectedRow),
});
export type ArchivesReply = Static<typeof ArchivesReply>;
