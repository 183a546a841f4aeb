// /api-business/workorder: the work calendar (a year's public holidays and make-up working days), the deadline
// settings (targets per type × priority, working-time priorities, working hours, the escalation ladder; stored in
// parameter config), the duty roster (who of a team is on duty on a China day) and the crew a dispatcher assigns to.
// A calendar or settings change moves the due times of every open order (the core's recomputeOpenOrders, in the same
// transaction) and tells the live queue. Every change is logged; another tenant's department or user answers 404.
import { type Static, Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { addDays, chinaDay, chinaWeekday, dayStart } from '@waterops/shared/reading';
import {
  CalendarQuery,
  CalendarYear,
  CrewMember,
  CrewQuery,
  isRealDay,
  ROSTER_MAX_DAYS,
  RosterDay,
  RosterQuery,
  RosterSave,
  validateCalendarDays,
  validateWorkOrderSettings,
  WORK_ORDER_PATHS,
  WorkOrderSettings,
} from '@waterops/shared/workorder';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { crewOf } from './crewRepository.ts';
import { DEADLINE_GROUP, loadDeadlineContext, saveDeadlineSettings, settingsOfContext } from './deadlineSettings.ts';
import { findDepartment, replaceRosterDay, rosterBetween, tenantUsers } from './dutyRosterRepository.ts';
import { calendarDays, replaceCalendarDays } from './workCalendarRepository.ts';
import { announceWorkOrders, recomputeOpenOrders } from './workOrderService.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['workorder'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const calendarView = {
  permission: PERMISSIONS.workOrderCalendarView,
  alsoPermitted: [PERMISSIONS.workOrderCalendarEdit],
};
const dispatchView = { permission: PERMISSIONS.workOrderView, alsoPermitted: [PERMISSIONS.workOrderAssign] };
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

/** A China day of the query or body that is a real date, else 400 naming the field. */
const realDay = (field: string, day: string): string => {
  if (!isRealDay(day)) throw badRequest(field, 'workCalendar.import.badDay');
  return day;
};

export const workCalendarRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  // ── the work calendar ───────────────────────────────────────────────────────────────────────────────────────────
  app.get(
    path(WORK_ORDER_PATHS.calendar),
    {
      config: calendarView,
      schema: {
        tags,
        summary: "A year's public holidays and make-up working days (调休), in order",
        querystring: CalendarQuery,
        response: { 200: Result(CalendarYear), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { year } = request.query as Static<typeof CalendarQuery>;
      return ok({ year, days: await calendarDays(app.db, me.companyId, year) }, request.t('common.success'));
    },
  );

  app.post(
    path(WORK_ORDER_PATHS.calendarSave),
    {
      config: { permission: PERMISSIONS.workOrderCalendarEdit, operation: 'workCalendarSave' },
      schema: {
        tags,
        summary: "Replace a year's holidays and make-up working days; open orders' due times follow",
        description:
          'Every day must be a real day of that year, each once (validateCalendarDays). resp_msg says how many open ' +
          "orders' due times were computed again.",
        body: CalendarYear,
        response: { 200: Result(CalendarYear), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body as CalendarYear;
      if (body.year < YEAR_MIN || body.year > YEAR_MAX) throw badRequest('year', 'workCalendar.rules.yearRange');
      const days = body.days.map((d) => ({ day: d.day, kind: d.kind, name: d.name.trim() }));
      const problem = validateCalendarDays(body.year, days);
      if (problem) throw new AppError(400, problem, 'days');
      const at = now();
      const { saved, recomputed } = await app.db.transaction().execute(async (tx) => {
        await replaceCalendarDays(tx, me.companyId, body.year, days);
        const recomputed = await recomputeOpenOrders(tx, me.companyId, at);
        const holidays = days.filter((d) => d.kind === 'holiday').length;
        await recordRequestOperation(tx, request, me, {
          operation: 'workCalendarSave',
          detail: `${body.year}: ${holidays} holiday(s), ${days.length - holidays} make-up working day(s); ${recomputed} open order(s) recomputed`,
          at,
        });
        return { saved: await calendarDays(tx, me.companyId, body.year), recomputed };
      });
      if (recomputed > 0) announceWorkOrders(app, me.companyId);
      return ok({ year: body.year, days: saved }, request.t('workCalendar.saved', { count: recomputed }));
    },
  );

  // ── the deadline settings ───────────────────────────────────────────────────────────────────────────────────────
  app.get(
    path(WORK_ORDER_PATHS.settings),
    {
      config: calendarView,
      schema: {
        tags,
        summary: 'The deadline settings in force: a target for every type × priority, working time, the ladder',
        response: { 200: Result(WorkOrderSettings), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(settingsOfContext(await loadDeadlineContext(app.db, me.companyId)), request.t('common.success'));
    },
  );

  app.post(
    path(WORK_ORDER_PATHS.settingsSave),
    {
      config: { permission: PERMISSIONS.workOrderCalendarEdit, operation: 'workOrderSettingsSave' },
      schema: {
        tags,
        summary: 'Save the deadline settings (parameter config groups workorder.*); open orders follow',
        description:
          'A target for every type × priority, each once, response ≤ resolution; working hours "" or "HH:MM-HH:MM"; ' +
          'each escalation level once (validateWorkOrderSettings). 400 names the field, nothing is written.',
        body: WorkOrderSettings,
        response: { 200: Result(WorkOrderSettings), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body as WorkOrderSettings;
      const violation = validateWorkOrderSettings(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      const { saved, recomputed } = await app.db.transaction().execute(async (tx) => {
        const rows = await saveDeadlineSettings(tx, me.companyId, body, at);
        const recomputed = await recomputeOpenOrders(tx, me.companyId, at);
        const detail = rows
          .filter((r) => r.keyType !== DEADLINE_GROUP)
          .map((r) => `${r.code}=${r.value}`)
          .join('; ');
        await recordRequestOperation(tx, request, me, {
          operation: 'workOrderSettingsSave',
          detail: `${detail}; ${recomputed} open order(s) recomputed`,
          at,
        });
        return { saved: settingsOfContext(await loadDeadlineContext(tx, me.companyId)), recomputed };
      });
      if (recomputed > 0) announceWorkOrders(app, me.companyId);
      return ok(saved, request.t('workOrder.settings.saved', { count: recomputed }));
    },
  );

  // ── the duty roster ─────────────────────────────────────────────────────────────────────────────────────────────
  app.get(
    path(WORK_ORDER_PATHS.roster),
    {
      config: dispatchView,
      schema: {
        tags,
        summary: `Who is on duty in [from, to] (China days, at most ${ROSTER_MAX_DAYS}), per day and team`,
        description:
          'One entry per day and team with someone on duty; a departmentId limits it to that team. Without from and ' +
          'to: this China week, Monday to Sunday; with one of them: the seven days from or to it.',
        querystring: RosterQuery,
        response: { 200: Result(Type.Array(RosterDay)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as Static<typeof RosterQuery>;
      // left out: the week around the other end, or this China week from Monday
      const today = chinaDay(now());
      const monday = addDays(today, -((chinaWeekday(dayStart(today)) + 6) % 7));
      const from = realDay('from', q.from ?? (q.to === undefined ? monday : addDays(realDay('to', q.to), -6)));
      const to = realDay('to', q.to ?? addDays(from, 6));
      if (to < from) throw badRequest('to', 'dutyRoster.rangeOrder');
      if (addDays(from, ROSTER_MAX_DAYS - 1) < to) throw badRequest('to', 'dutyRoster.rangeTooLong');
      if (q.departmentId !== undefined && !(await findDepartment(app.db, me.companyId, q.departmentId)))
        throw notFound();
      return ok(await rosterBetween(app.db, me.companyId, from, to, q.departmentId), request.t('common.success'));
    },
  );

  app.post(
    path(WORK_ORDER_PATHS.rosterSave),
    {
      config: { permission: PERMISSIONS.workOrderAssign, operation: 'dutyRosterSave' },
      schema: {
        tags,
        summary: "Replace who of a team is on duty on a day (an empty list: nobody's on duty)",
        description: "The team and the accounts must be the tenant's (404), the accounts enabled (400).",
        body: RosterSave,
        response: { 200: Result(RosterDay), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body as RosterSave;
      const day = realDay('day', body.day);
      const userIds = [...new Set(body.userIds)];
      const at = now();
      const saved = await app.db.transaction().execute(async (tx) => {
        const department = await findDepartment(tx, me.companyId, body.departmentId);
        if (!department) throw notFound();
        const users = await tenantUsers(tx, me.companyId, userIds);
        if (users.length !== userIds.length) throw notFound();
        if (users.some((u) => !u.enabled)) throw badRequest('userIds', 'dutyRoster.userDisabled');
        await replaceRosterDay(tx, me.companyId, day, body.departmentId, userIds);
        const names = users.map((u) => u.nickname || u.username).join('、');
        await recordRequestOperation(tx, request, me, {
          operation: 'dutyRosterSave',
          detail: `${day} ${department.name}: ${names || '-'}`,
          at,
        });
        return (await rosterBetween(tx, me.companyId, day, day, body.departmentId))[0];
      });
      return ok(saved ?? { day, departmentId: body.departmentId, userIds: [] }, request.t('common.success'));
    },
  );

  // ── the crew ────────────────────────────────────────────────────────────────────────────────────────────────────
  app.get(
    path(WORK_ORDER_PATHS.crew),
    {
      config: dispatchView,
      schema: {
        tags,
        summary: 'The crew to assign to: on duty that China day (default today) first, then the lightest open load',
        description:
          "Enabled accounts whose roles grant workorder:complete; a departmentId limits it to the team's members and " +
          'whoever is on its duty that day. openLoad counts their pending, processing and deferred orders.',
        querystring: CrewQuery,
        response: { 200: Result(Type.Array(CrewMember)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query as Static<typeof CrewQuery>;
      const day = q.day === undefined ? chinaDay(now()) : realDay('day', q.day);
      if (q.departmentId !== undefined && !(await findDepartment(app.db, me.companyId, q.departmentId)))
        throw notFound();
      // a permission not open for the company grants nothing (accessOf): then nobody may work on orders
      if (me.notOpened?.includes(PERMISSIONS.workOrderComplete)) return ok([], request.t('common.success'));
      return ok(
        await crewOf(app.db, me.companyId, {
          day,
          ...(q.departmentId !== undefined ? { departmentId: q.departmentId } : {}),
        }),
        request.t('common.success'),
      );
    },
  );
};
