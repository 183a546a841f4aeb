// /api-workbench/monitoring/alarms/*: the alarm console's calls (MONITORING_PATHS). The list answers an ETag built
// from the tenant's latest change_seq, the filter and the caller's scope (304 to a matching If-None-Match: a poll of
// an unchanged console costs one indexed max()); the feed hands out changes since a cursor, or the whole live set
// with reset. Operators acknowledge, shelve and unshelve in bulk; each call is in the operation log. Everything is
// limited to the caller's data scope by the alarm's residential area: another tenant's or an out-of-scope id is
// 404 on a single-alarm call and skipped in a bulk one.
import { Type } from '@sinclair/typebox';
import { ErrorBody, IdParams, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { TOPICS } from '@waterops/shared/live';
import {
  Alarm,
  AlarmAckRequest,
  AlarmActionResult,
  AlarmEvent,
  AlarmFeed,
  AlarmFeedQuery,
  AlarmListQuery,
  AlarmLoad,
  AlarmShelveRequest,
  AlarmUnshelveRequest,
  MONITORING_PATHS,
} from '@waterops/shared/monitoring';
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { alreadyHeld } from '../conditionalGet.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { alarmListEtag } from './alarmEtag.ts';
import {
  acknowledgeAlarms,
  alarmChildren,
  alarmEvents,
  alarmFeed,
  alarmLoad,
  findAlarm,
  latestChange,
  listAlarms,
  shelveAlarms,
  unshelveAlarms,
} from './alarmRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['alarms'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const read = { permission: PERMISSIONS.monitoringAlarmView };
const ALARM_SCOPE = { areaColumn: 'area_id' };

export const alarmRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const caller = (request: FastifyRequest) => {
    const me = app.principalOf(request);
    return { me, scope: scopeFilter(ALARM_SCOPE, me.scope) };
  };

  app.get(
    path(MONITORING_PATHS.alarms),
    {
      config: read,
      schema: {
        tags,
        summary: 'The live alarms (or with history every alarm), urgent first; level, type, area and state filters',
        description:
          'Answers an ETag; a request with a matching If-None-Match gets 304 and no body. Suppressed alarms are listed only under their parent (alarms/:id/children).',
        querystring: AlarmListQuery,
        response: { 200: PageResult(Alarm), 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const { me, scope } = caller(request);
      const head = await latestChange(app.db, me.companyId);
      const etag = alarmListEtag(head, request.query, scope, request.locale);
      if (alreadyHeld(request, reply, etag)) return reply.code(304).send(null);
      const { rows, count } = await listAlarms(app.db, me.companyId, scope, request.query, now());
      return page(rows, count, request.t('common.success'));
    },
  );

  app.get(
    path(MONITORING_PATHS.alarmFeed),
    {
      config: read,
      schema: {
        tags,
        summary: 'Alarms changed since a cursor; without one (or an unknown or too old one) the live set with reset',
        querystring: AlarmFeedQuery,
        response: { 200: Result(AlarmFeed), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      return ok(await alarmFeed(app.db, me.companyId, scope, request.query.since), request.t('common.success'));
    },
  );

  app.get(
    path(MONITORING_PATHS.alarmLoad),
    {
      config: read,
      schema: {
        tags,
        summary: 'Alarm load over 24 h: per 10 minutes against the target, stale alarms, top 10 sources, priority mix',
        response: { 200: Result(AlarmLoad), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      return ok(await alarmLoad(app.db, me.companyId, scope, now()), request.t('common.success'));
    },
  );

  app.get(
    path(MONITORING_PATHS.alarmEvents),
    {
      config: read,
      schema: {
        tags,
        summary: "An alarm's transitions, newest first: who, when, what, with the comment",
        params: IdParams,
        response: { 200: Result(Type.Array(AlarmEvent)), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const alarm = await findAlarm(app.db, me.companyId, scope, request.params.id);
      if (!alarm) throw notFound();
      return ok(await alarmEvents(app.db, me.companyId, alarm.id), request.t('common.success'));
    },
  );

  app.get(
    path(MONITORING_PATHS.alarmChildren),
    {
      config: read,
      schema: {
        tags,
        summary: 'The alarms grouped under one (the meters behind an offline concentrator)',
        params: IdParams,
        response: { 200: Result(Type.Array(Alarm)), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const alarm = await findAlarm(app.db, me.companyId, scope, request.params.id);
      if (!alarm) throw notFound();
      return ok(await alarmChildren(app.db, me.companyId, scope, alarm.id), request.t('common.success'));
    },
  );

  const write = (operation: Operation) => ({ permission: PERMISSIONS.monitoringAlarmEdit, operation });
  // consoles elsewhere see who acknowledged or shelved in one live tick, not at the end of the poll interval
  const announce = (companyId: number) => app.changeHints.announce({ companyId, topic: TOPICS.alarms });

  app.post(
    path(MONITORING_PATHS.acknowledge),
    {
      config: write('alarmAcknowledge'),
      schema: {
        tags,
        summary: 'Acknowledge alarms (bulk) with an optional comment; grouped alarms go along with their parent',
        body: AlarmAckRequest,
        response: { 200: Result(AlarmActionResult), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const { ids, comment } = request.body;
      const text = comment?.trim() || null;
      const changed = await acknowledgeAlarms(app.db, me, scope, ids, text, now());
      if (changed) announce(me.companyId);
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmAcknowledge',
        detail: `alarms ${ids.join(',')}: ${changed} acknowledged${text ? ` (${text})` : ''}`,
        at: now(),
      });
      return ok({ changed }, request.t('common.success'));
    },
  );

  app.post(
    path(MONITORING_PATHS.shelve),
    {
      config: write('alarmShelve'),
      schema: {
        tags,
        summary: 'Shelve live alarms for 5 minutes to 7 days with a reason (bulk); they unshelve by themselves',
        body: AlarmShelveRequest,
        response: { 200: Result(AlarmActionResult), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const { ids, minutes, reason } = request.body;
      const why = reason.trim();
      // blanks only: the schema's minLength let them through, the rule (a shelving always says why) does not
      if (!why) throw badRequest('reason');
      const changed = await shelveAlarms(app.db, me, scope, ids, minutes, why, now());
      if (changed) announce(me.companyId);
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmShelve',
        detail: `alarms ${ids.join(',')}: ${changed} shelved ${minutes} min (${why})`,
        at: now(),
      });
      return ok({ changed }, request.t('common.success'));
    },
  );

  app.post(
    path(MONITORING_PATHS.unshelve),
    {
      config: write('alarmUnshelve'),
      schema: {
        tags,
        summary: 'Unshelve shelved alarms (bulk)',
        body: AlarmUnshelveRequest,
        response: { 200: Result(AlarmActionResult), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const { ids } = request.body;
      const changed = await unshelveAlarms(app.db, me.companyId, me, scope, ids, now());
      if (changed) announce(me.companyId);
      await recordRequestOperation(app.db, request, me, {
        operation: 'alarmUnshelve',
        detail: `alarms ${ids.join(',')}: ${changed} unshelved`,
        at: now(),
      });
      return ok({ changed }, request.t('common.success'));
    },
  );
};
