// /api-workbench/ingest/*: the public ingestion API (shared/src/reading/ingest.ts). Signed with an ingestion key,
// not a user token, so the routes are public to the user-auth plugin and check the key themselves (401 otherwise).
// One batch: the sending concentrator is marked online (with its clock offset), each read is checked on its own,
// the good ones stored once, status applied, command answers taken, and the pending commands handed back.

import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import type { MessageKey } from '@waterops/shared/i18n';
import { TOPICS } from '@waterops/shared/live';
import {
  CommandResult,
  INGEST_EARLIEST_READ,
  INGEST_PATHS,
  IngestBatch,
  IngestReply,
  IngestStatusReply,
  PendingCommand,
  type RejectedRow,
  type RejectReason,
} from '@waterops/shared/reading';
import type { FastifyRequest } from 'fastify';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { changedAlarms, evaluateReadingAlarms } from '../alarm/alarmEngine.ts';
import { applyCommandResults, type DeliveryScope, takePendingCommands } from '../command/commandDelivery.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { archivesRoute } from './archivesRoute.ts';
import { deviceKeyAuth } from './deviceKeyAuth.ts';
import type { IngestKeyOwner } from './ingestKeyRepository.ts';
import {
  findIngestConcentrator,
  findIngestMeters,
  ingestStatus,
  markCollectorsReported,
  markConcentratorReported,
} from './ingestRepository.ts';
import { pushBlockedMeters } from './pushBlacklist.ts';
import { checkReadingRow, hasControlCharacters, type ParsedReading } from './readingRows.ts';
import { type StoredRead, storeReadings } from './readingStore.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['ingest'];
const errors = { 400: ErrorBody, 401: ErrorBody };
/** Public to the user-auth plugin: the device key is checked by the handler. */
const keyed = { public: true };
// A batch refuses a NUL byte row by row (readingRows.ts: `badCode`), so one corrupted code does not block its other
// rows on every resend; the app-wide check (typeBoxProvider.ts) would refuse the whole batch.
const keyedBatch = { ...keyed, nulBytesInBody: 'handler' as const };
const security = [{ deviceKey: [] }];
/** 10,000 reads with their status are about 1.5 MB of JSON; Fastify's default limit is 1 MB. */
const BATCH_BODY_LIMIT = 16 * 1024 * 1024;

export const ingestRoutes: ServicePlugin<ServiceOptions> = async (app, opts) => {
  const { now } = opts;
  const auth = deviceKeyAuth(app.db, now);
  const scopeOf = (owner: IngestKeyOwner): DeliveryScope => ({
    companyId: owner.companyId,
    concentratorId: owner.concentratorId,
  });

  const reject = (
    request: FastifyRequest,
    section: string,
    index: number,
    code: string | null,
    reason: RejectReason,
    params: Record<string, string | number> = {},
  ): RejectedRow => ({
    index,
    section,
    code,
    reason,
    message: request.t(`ingest.reject.${reason}` as MessageKey, { code: code ?? '', ...params }),
  });

  app.post(
    path(INGEST_PATHS.readings),
    {
      config: keyedBatch,
      bodyLimit: BATCH_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary: 'A batch of register reads and device status; answers with what was kept and the pending commands',
        description:
          'Signed with `Authorization: Device <key>`. Rows are checked one by one: refused rows come back in `rejected` with their reason, the others are stored (the same meter and time once: a resend counts as a duplicate).',
        body: IngestBatch,
        response: { 200: Result(IngestReply), ...errors },
      },
    },
    async (request) => {
      const owner = await auth.ownerOf(request);
      const body = request.body as IngestBatch;
      const at = now();
      // a relayed batch: when its concentrator sent it (never later than now; the schema checked the format)
      const sentAt = body.sentAt ? new Date(Math.min(Date.parse(body.sentAt), at.getTime())) : at;
      const rejected: RejectedRow[] = [];
      const reasonParams = { earliest: INGEST_EARLIEST_READ.slice(0, 10) };

      // Everything is checked, and every lookup made, before the first write: a call answers with what it stored,
      // or (a database failure) stores nothing it does not report. A bad row is refused with its reason only.
      // 1. The sender: a concentrator key speaks for its own concentrator even when the batch does not name it.
      let senderId: number | null = owner.concentratorId;
      if (body.concentratorCode && hasControlCharacters(body.concentratorCode))
        rejected.push(reject(request, 'concentrator', 0, null, 'badCode'));
      else if (body.concentratorCode) {
        const found = await findIngestConcentrator(app.db, owner, body.concentratorCode);
        if (found) senderId = found.id;
        else rejected.push(reject(request, 'concentrator', 0, body.concentratorCode, 'unknownDevice'));
      }

      // 2. Reads: shape first, then the meter, its max reading and the data-push blacklist.
      const parsed: ParsedReading[] = [];
      body.readings.forEach((raw, index) => {
        const check = checkReadingRow(raw, index, at);
        if (check.ok) parsed.push(check.row);
        else rejected.push(reject(request, 'readings', index, check.code, check.reason, reasonParams));
      });
      const meters = await findIngestMeters(
        app.db,
        owner,
        parsed.flatMap((r) => (r.meterCode ? [r.meterCode] : [])),
        parsed.flatMap((r) => (r.remoteCode ? [r.remoteCode] : [])),
      );
      const blocked = await pushBlockedMeters(app.db, owner.companyId, [...meters.values()]);
      const toStore: StoredRead[] = [];
      const storedFrom: ParsedReading[] = [];
      for (const r of parsed) {
        const code = (r.meterCode ?? r.remoteCode) as string;
        const meter = meters.get(r.meterCode ? `m:${r.meterCode}` : `r:${r.remoteCode}`);
        if (!meter) rejected.push(reject(request, 'readings', r.index, code, 'unknownMeter'));
        else if (meter.maxReading !== null && r.reading > meter.maxReading)
          rejected.push(
            reject(request, 'readings', r.index, code, 'aboveMax', { value: r.reading, max: meter.maxReading }),
          );
        else if (blocked.has(meter.id)) rejected.push(reject(request, 'readings', r.index, code, 'blacklisted'));
        else {
          toStore.push({ ...r, meterId: meter.id });
          storedFrom.push(r);
        }
      }

      // 3. Status of collectors and concentrators (meters report theirs with their reads).
      const statusRows = (body.status ?? []).map((raw, index) => ({ raw: raw as Record<string, unknown>, index }));
      const collectorCodes: string[] = [];
      const reportedConcentrators: number[] = [];
      for (const { raw, index } of statusRows) {
        if (hasControlCharacters(raw?.code)) {
          rejected.push(reject(request, 'status', index, null, 'badCode'));
          continue;
        }
        const code = typeof raw?.code === 'string' ? raw.code.trim() : '';
        if (!code || code.length > 64 || (raw.kind !== 'collector' && raw.kind !== 'concentrator'))
          rejected.push(reject(request, 'status', index, code.slice(0, 64) || null, 'invalid'));
        else if (raw.kind === 'collector') collectorCodes.push(code);
        else {
          const found = await findIngestConcentrator(app.db, owner, code);
          if (found) reportedConcentrators.push(found.id);
          else rejected.push(reject(request, 'status', index, code, 'unknownDevice'));
        }
      }

      // 4. Device answers: an id PostgreSQL's bigint cannot hold, or a NUL its text and jsonb cannot store, is refused.
      const answers: CommandResult[] = [];
      (body.commandResults ?? []).forEach((raw, index) => {
        const r = raw as CommandResult;
        const storable =
          Value.Check(CommandResult, raw) &&
          Number.isSafeInteger(r.commandId) &&
          !r.message?.includes('\u0000') &&
          !(r.result !== undefined && JSON.stringify(r.result).includes('\\u0000'));
        if (storable) answers.push(r);
        else rejected.push(reject(request, 'commandResults', index, null, 'invalid'));
      });

      // The writes.
      if (senderId !== null) {
        const clock = body.clock ? Date.parse(body.clock) : Number.NaN;
        const offset = Number.isFinite(clock) ? Math.round((clock - sentAt.getTime()) / 1000) : null;
        await markConcentratorReported(app.db, owner.companyId, senderId, sentAt, offset, at);
      }
      const outcomes = await storeReadings(app.db, owner.companyId, toStore, 1, at);
      let accepted = 0;
      let duplicates = 0;
      outcomes.forEach((o, i) => {
        const r = storedFrom[i] as ParsedReading;
        if (o === 'stored') accepted++;
        else if (o === 'duplicate') duplicates++;
        else rejected.push(reject(request, 'readings', r.index, r.meterCode ?? r.remoteCode, 'conflict'));
      });
      // the alarms of the meters just heard from (voltage, signal, reverse flow) exist before this call returns
      // (the readings are committed: a failed evaluation is logged, never turned into a refused upload)
      // (and the live layer hears of a raised or cleared one at once: consoles see it in one tick)
      await evaluateReadingAlarms(
        app.db,
        owner.companyId,
        toStore.flatMap((r, i) => (outcomes[i] === 'stored' ? [r.meterId] : [])),
        at,
      ).then(
        (result) => {
          if (changedAlarms(result)) app.changeHints.announce({ companyId: owner.companyId, topic: TOPICS.alarms });
        },
        (error: unknown) => request.log.error({ err: error }, 'alarm evaluation after ingestion failed'),
      );
      for (const id of reportedConcentrators)
        await markConcentratorReported(app.db, owner.companyId, id, sentAt, null, at);
      const unknownCollectors = await markCollectorsReported(app.db, owner, collectorCodes, sentAt, at);
      for (const { raw, index } of statusRows)
        if (raw?.kind === 'collector' && unknownCollectors.has(String(raw.code).trim()))
          rejected.push(reject(request, 'status', index, String(raw.code).trim(), 'unknownDevice'));

      const scope = scopeOf(owner);
      const results = answers.length ? await applyCommandResults(app.db, scope, answers, at) : 0;
      const commands = await takePendingCommands(app.db, scope, at);
      rejected.sort((a, b) => a.section.localeCompare(b.section) || a.index - b.index);
      app.metrics.batchIngested(accepted, duplicates, rejected);
      return ok({ accepted, duplicates, rejected, results, commands }, request.t('common.success'));
    },
  );

  app.get(
    path(INGEST_PATHS.commands),
    {
      config: keyed,
      schema: {
        tags,
        security,
        summary: "Pending commands for the key's devices (they move created → executing)",
        response: { 200: Result(Type.Array(PendingCommand)), ...errors },
      },
    },
    async (request) => {
      const owner = await auth.ownerOf(request);
      return ok(await takePendingCommands(app.db, scopeOf(owner), now()), request.t('common.success'));
    },
  );

  app.post(
    path(INGEST_PATHS.commandResults),
    {
      config: keyedBatch,
      schema: {
        tags,
        security,
        summary: 'Device answers to commands (executing → success | failed)',
        body: Type.Array(CommandResult, { maxItems: 10_000 }),
        response: { 200: Result(Type.Object({ updated: Type.Integer() })), ...errors },
      },
    },
    async (request) => {
      const owner = await auth.ownerOf(request);
      const updated = await applyCommandResults(app.db, scopeOf(owner), request.body as CommandResult[], now());
      return ok({ updated }, request.t('common.success'));
    },
  );

  app.get(
    path(INGEST_PATHS.status),
    {
      config: keyed,
      schema: {
        tags,
        security,
        summary: 'How many meters the key reaches and the latest read stored for them',
        response: { 200: Result(IngestStatusReply), ...errors },
      },
    },
    async (request) => {
      const owner = await auth.ownerOf(request);
      const s = await ingestStatus(app.db, owner);
      return ok(
        { meters: s.meters, lastReadingAt: s.lastReadingAt?.toISOString() ?? null, serverTime: now().toISOString() },
        request.t('common.success'),
      );
    },
  );

  // not `...opts`: it carries the prefix, which the nested plugin inherits already
  await app.register(archivesRoute, { config: opts.config, now, auth });
};
