// /api-workbench home statistics and layout (spec §1 home dashboards, §7 home statistics; issue 18). statistics
// answers one widget's figures (dashboardMetrics.ts: the source page's own computation) to a caller allowed to see
// that page, tagged with a hash of the figures: the live topic `dashboard` polls it with If-None-Match, and figures
// that did not change keep their first "as of", so an unchanged poll is a 304 and pushes nothing. layout reads and
// saves the caller's own widget order and hidden widgets.
import { Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  completeLayout,
  DASHBOARD_PATHS,
  HomeLayout,
  HomeStatisticsQuery,
  type WidgetId,
  type WidgetItem,
  WidgetItemSchema,
} from '@waterops/shared/dashboard';
import { chinaDay } from '@waterops/shared/reading';
import { scopeKeyOf } from '../../live/scopeKey.ts';
import { badRequest, forbidden } from '../../plugins/errors.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { alreadyHeld } from '../conditionalGet.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { widgetFigures } from './dashboardMetrics.ts';
import { loadHomeLayout, saveHomeLayout } from './homeLayoutRepository.ts';
import { widgetAllowed } from './widgetAccess.ts';
import { WidgetMemo } from './widgetMemo.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['dashboard'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };
/** Every signed-in account holds it: the route itself is everyone's, each widget then asks for its page's permission. */
const everyone = { permission: PERMISSIONS.profileView };

/**
 * How long a widget's figures serve later polls of the same audience (ms): the 7-day and month figures read many
 * rows and move slowly; the others are computed on every poll (alarms and work orders must move at once).
 */
export const WIDGET_FRESH_MS: Partial<Record<WidgetId, number>> = {
  dataRadar: 60_000,
  communityRanking: 60_000,
  waterLoss: 60_000,
};

/**
 * Who sees the same figures of a widget: the data scope's users alike, except the work-order widget, which counts
 * the orders the caller's lists hold (a field crew member's are their own).
 */
const audienceOf = (widget: WidgetId, me: Principal): string =>
  `${me.companyId}/${widget === 'workOrders' ? `user-${me.userId}` : scopeKeyOf({ id: me.userId, dataScope: me.scope })}/${widget}`;

export const dashboardRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const memo = new WidgetMemo();

  app.get(
    path(DASHBOARD_PATHS.homeStatistics),
    {
      config: everyone,
      schema: {
        tags,
        summary: 'One home-dashboard widget’s figures (one item) in the caller’s data scope',
        description:
          'Computed as the widget’s source page computes them; 403 when the caller may not see that page. Answers a ' +
          'weak ETag of the figures (not of asOf, which stays the instant they were first computed); a request whose ' +
          'If-None-Match names it gets 304 with no body.',
        querystring: HomeStatisticsQuery,
        response: { 200: Result(Type.Array(WidgetItemSchema)), 304: Type.Null(), ...errors },
      },
    },
    async (request, reply) => {
      const me = app.principalOf(request);
      const { widget } = request.query;
      if (!widgetAllowed(widget, me)) throw forbidden();
      const at = now();
      const key = audienceOf(widget, me);
      const period = chinaDay(at);
      const entry =
        memo.fresh(key, at.getTime(), period, WIDGET_FRESH_MS[widget] ?? 0) ??
        memo.remember(key, await widgetFigures(widget, { db: app.db, me, now: at }), at, period);
      // the language is in the tag: the answer's message is in it
      if (alreadyHeld(request, reply, `W/"w-${entry.tag}-${request.locale}"`)) return reply.code(304).send(null);
      const item = { id: widget, asOf: entry.asOf, figures: entry.figures } as WidgetItem;
      return ok([item], request.t('common.success'));
    },
  );

  app.get(
    path(DASHBOARD_PATHS.homeLayout),
    {
      config: everyone,
      schema: {
        tags,
        summary: 'The caller’s home layout: widgets in order, hidden ones marked (every widget, new ones appended)',
        response: { 200: Result(HomeLayout), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(completeLayout(await loadHomeLayout(app.db, me.companyId, me.userId)), request.t('common.success'));
    },
  );

  app.post(
    path(DASHBOARD_PATHS.homeLayout),
    {
      config: everyone,
      schema: {
        tags,
        summary: 'Saves the caller’s home layout (each widget at most once); answers it made whole',
        body: HomeLayout,
        response: { 200: Result(HomeLayout), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { widgets } = request.body;
      if (new Set(widgets.map((w) => w.id)).size !== widgets.length) throw badRequest('widgets');
      const layout = { widgets: widgets.map((w) => ({ id: w.id, hidden: w.hidden })) };
      await saveHomeLayout(app.db, me.companyId, me.userId, layout, now());
      return ok(completeLayout(layout), request.t('common.success'));
    },
  );
};
