// @waterops/shared/dashboard — the home dashboards and the big screen (spec §1 home dashboards and a big-screen view,
// §2 advert strip, §7 /api-workbench home and screen statistics; issue 18). One widget = one figure set with one
// source page: the gateway computes it with the very query that page uses (so the home page, the big screen, the
// lists and the exports never disagree) and the live topic `dashboard` pushes it when it changes.
import { type Static, Type } from '@sinclair/typebox';
import { Instant, Nullable } from '../api/schemaParts.ts';
import { PERMISSIONS } from '../auth/permissions.ts';
import { LossRateGrade } from '../dma/waterBalance.ts';
import { AlarmLevel } from '../monitoring/alarms.ts';
import { RateCounts } from '../reading/records.ts';

export const DASHBOARD_PATHS = {
  /** GET ?widget=<id>: Result(WidgetItem[]) — the one widget's figures (an array: the live topic's snapshot shape) */
  homeStatistics: '/api-workbench/home/statistics',
  /** GET / POST: the caller's own layout (which widgets, in which order) */
  homeLayout: '/api-workbench/home/layout',
} as const;

/**
 * The widgets, in their default order. `adverts` is the spec §2 advert strip; `messages` reads the live alarm stream
 * itself (topic `alarms`), so it has no figures here.
 */
export const WIDGET_IDS = [
  'overview',
  'readingRate',
  'alarms',
  'workOrders',
  'waterLoss',
  'dataRadar',
  'communityRanking',
  'messages',
  'adverts',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];
export const WidgetId = Type.Union(WIDGET_IDS.map((w) => Type.Literal(w)));
export const isWidgetId = (v: unknown): v is WidgetId => WIDGET_IDS.includes(v as WidgetId);

/**
 * Who may see a widget: a caller holding one of these (or `admin`) — the permission of the widget's source page, so
 * a widget never shows what its page would refuse. null: every signed-in user.
 */
export const WIDGET_PERMISSIONS: Record<WidgetId, readonly string[] | null> = {
  overview: [PERMISSIONS.deviceStatusView, PERMISSIONS.deviceMeterView],
  readingRate: [PERMISSIONS.readingRateView],
  alarms: [PERMISSIONS.monitoringAlarmView],
  workOrders: [PERMISSIONS.workOrderView],
  waterLoss: [PERMISSIONS.dmaAnalysisView],
  dataRadar: [PERMISSIONS.readingDataCheckView],
  communityRanking: [PERMISSIONS.readingRecordView],
  messages: [PERMISSIONS.monitoringAlarmView],
  adverts: null,
};

/** A percentage 0–100 (two decimals, as the reading rate's ratePercent), or null when there is nothing to divide by. */
const Percent = Nullable(Type.Number({ minimum: 0, maximum: 100 }));
const Count = Type.Integer({ minimum: 0 });

/** Platform overview: the registry and its online state now (the device-status page's counts). */
export const OverviewFigures = Type.Object({
  meters: Count,
  metersOnline: Count,
  onlineRate: Percent,
  concentrators: Count,
  concentratorsOnline: Count,
  collectors: Count,
  residents: Count,
  districts: Count,
});
export type OverviewFigures = Static<typeof OverviewFigures>;

/** Today's meter-reading rate (the reading-rate page, grouped by day, today only) and the last 7 days'. */
export const ReadingRateFigures = Type.Object({
  day: Type.String(),
  today: RateCounts,
  /** oldest first, today included */
  days: Type.Array(Type.Object({ day: Type.String(), rate: Percent })),
});
export type ReadingRateFigures = Static<typeof ReadingRateFigures>;

/** Live alarms by level (the alarm console's typeCount), and how many were raised today. */
export const AlarmFigures = Type.Object({
  total: Count,
  byLevel: Type.Array(Type.Object({ level: AlarmLevel, count: Count })),
  raisedToday: Count,
});
export type AlarmFigures = Static<typeof AlarmFigures>;

/** Open work orders by status and by deadline class (the work-order statistics route). */
export const WorkOrderFigures = Type.Object({
  open: Count,
  /** open orders by status (pending, processing, deferred, …) */
  byStatus: Type.Record(Type.String(), Count),
  /** open orders by deadline class (onTime, dueSoon, overdue, over24, over48, over72, paused) */
  deadline: Type.Record(Type.String(), Count),
  completedToday: Count,
});
export type WorkOrderFigures = Static<typeof WorkOrderFigures>;

/** This month's water loss per district: the production–sales difference page's rows for the month so far. */
export const WaterLossFigures = Type.Object({
  month: Type.String(),
  districts: Type.Array(
    Type.Object({
      districtId: Type.Integer(),
      districtName: Type.String(),
      suppliedM3: Nullable(Type.Number()),
      billedM3: Nullable(Type.Number()),
      /** production–sales difference rate as a fraction (0.12 = 12 %), as the water balance states it */
      lossRate: Nullable(Type.Number()),
      /** CJJ 92 assessed loss rate, a fraction like lossRate */
      assessedLossRate: Nullable(Type.Number()),
      grade: Nullable(LossRateGrade),
      /** the latest nightline and the leakage in it, m³/h (the night-flow analysis) */
      nightline: Nullable(Type.Number()),
      nightLeakage: Nullable(Type.Number()),
      /** night-flow leak events still open */
      openLeakEvents: Count,
    }),
  ),
});
export type WaterLossFigures = Static<typeof WaterLossFigures>;

/** The data radar's five axes, each a percentage over the last 7 China days (null: nothing to score). */
export const RADAR_AXES = ['completeness', 'timeliness', 'validity', 'onlineRate', 'readingRate'] as const;
export type RadarAxis = (typeof RADAR_AXES)[number];
export const DataRadarFigures = Type.Object({
  from: Type.String(),
  to: Type.String(),
  axes: Type.Object(Object.fromEntries(RADAR_AXES.map((a) => [a, Percent])) as Record<RadarAxis, typeof Percent>),
});
export type DataRadarFigures = Static<typeof DataRadarFigures>;

/** The residential areas using most water this month so far, most first (at most 10). */
export const CommunityRankingFigures = Type.Object({
  month: Type.String(),
  areas: Type.Array(Type.Object({ areaId: Type.Integer(), areaName: Type.String(), volumeM3: Type.Number() })),
});
export type CommunityRankingFigures = Static<typeof CommunityRankingFigures>;

/**
 * The advert strip's items (spec §2: title and url), changing every 3 s on the client: the tenant's newest notices
 * published to the whole company (at most 10; notices sent to roles or users stay with their recipients). A notice
 * opens where it is (its title, content and time, as a bell click shows it): its `url` is empty. An item of another
 * source may link an app path ('/…') or a web address instead.
 */
export const AdvertFigures = Type.Object({
  items: Type.Array(
    Type.Object({
      title: Type.String(),
      url: Type.String(),
      /** the notice's id, text and publication time (optional in the shape; this gateway always sends them) */
      id: Type.Optional(Type.Integer()),
      content: Type.Optional(Type.String()),
      createTime: Type.Optional(Instant),
    }),
  ),
});
export type AdvertFigures = Static<typeof AdvertFigures>;

export type WidgetFigures = {
  overview: OverviewFigures;
  readingRate: ReadingRateFigures;
  alarms: AlarmFigures;
  workOrders: WorkOrderFigures;
  waterLoss: WaterLossFigures;
  dataRadar: DataRadarFigures;
  communityRanking: CommunityRankingFigures;
  messages: Record<string, never>;
  adverts: AdvertFigures;
};

/**
 * One widget's figures as the statistics route answers and the live topic carries them: `id` is the widget,
 * `asOf` when they were computed (the screen's "as of" badge).
 */
export type WidgetItem<W extends WidgetId = WidgetId> = { id: W; asOf: string; figures: WidgetFigures[W] };
export const WidgetItemSchema = Type.Object({ id: WidgetId, asOf: Instant, figures: Type.Unknown() });

export const HomeStatisticsQuery = Type.Object({ widget: WidgetId });
export type HomeStatisticsQuery = Static<typeof HomeStatisticsQuery>;

/** A user's home layout: every widget they chose to see, in order; hidden ones listed with `hidden: true`. */
export const HomeLayout = Type.Object({
  widgets: Type.Array(Type.Object({ id: WidgetId, hidden: Type.Boolean() }), { maxItems: WIDGET_IDS.length }),
});
export type HomeLayout = Static<typeof HomeLayout>;

/** The layout of a user who never saved one: every widget, default order, none hidden. */
export const DEFAULT_HOME_LAYOUT: HomeLayout = { widgets: WIDGET_IDS.map((id) => ({ id, hidden: false })) };

/**
 * A saved layout made whole: unknown and repeated ids dropped, widgets added since it was saved appended (shown).
 */
export const completeLayout = (saved: HomeLayout | null | undefined): HomeLayout => {
  const seen = new Set<WidgetId>();
  const widgets: HomeLayout['widgets'] = [];
  for (const w of saved?.widgets ?? []) {
    if (!isWidgetId(w.id) || seen.has(w.id)) continue;
    seen.add(w.id);
    widgets.push({ id: w.id, hidden: w.hidden === true });
  }
  for (const id of WIDGET_IDS) if (!seen.has(id)) widgets.push({ id, hidden: false });
  return { widgets };
};
