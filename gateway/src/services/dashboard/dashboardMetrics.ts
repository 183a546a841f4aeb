// The one metrics module behind the home dashboards and the big screen (issue 18): a function per widget computing
// its figures with the very function the widget's source page answers with — the device status page's counts, the
// reading-rate route, the alarm console's typeCount and trend, the work-order statistics, the production–sales
// difference page — so the home page, the big screen, the lists and the exports never disagree. Everything is in the
// caller's tenant and data scope; "today" and "this month" are China days of the app's clock.
import type {
  AdvertFigures,
  AlarmFigures,
  CommunityRankingFigures,
  DataRadarFigures,
  OverviewFigures,
  ReadingRateFigures,
  WaterLossFigures,
  WidgetFigures,
  WidgetId,
  WorkOrderFigures,
} from '@waterops/shared/dashboard';
import { chinaDay, chinaMonth, daysBetween, RATE_MAX_SPAN, ratePercent } from '@waterops/shared/reading';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import type { Principal } from '../../plugins/sessionCache.ts';
import { RESIDENT_SCOPE } from '../customer/residentRoutes.ts';
import { onlineCount } from '../device/concentratorRepository.ts';
import { DEVICE_SCOPE } from '../device/concentratorSettings.ts';
import { listDistricts } from '../dma/districtRepository.ts';
import { zoneMeteringRows } from '../dma/zoneMetering.ts';
import { trendOf, typeCountOf } from '../monitoring/monitoringStats.ts';
import { liveAlarmCounts, raisedPerDay } from '../monitoring/monitoringStatsRepository.ts';
import { ALARM_SCOPE } from '../monitoring/monitoringStatsRoutes.ts';
import { companyNotices } from '../notice/noticeRepository.ts';
import { topAreaConsumption } from '../reading/areaConsumptionRepository.ts';
import { RATE_DEFAULT_DAYS, readingRateOf } from '../reading/readingRate.ts';
import { dayWindow, METER_SCOPE, requestDayRange } from '../reading/readingRecordRoutes.ts';
import { countRows } from '../resource/resourceRepository.ts';
import { scopeConditions, scopeFilter } from '../resource/resourceScope.ts';
import { workOrderStatistics } from '../workorder/workOrderStatistics.ts';
import { workOrderVisibility } from '../workorder/workOrderVisibility.ts';
import { radarAxes } from './dataRadar.ts';
import { radarCounts } from './dataRadarRepository.ts';

export type MetricsContext = {
  db: Kysely<DB>;
  me: Pick<Principal, 'companyId' | 'userId' | 'permissions' | 'scope'>;
  /** the app's clock, read once per request */
  now: Date;
};

/** The community ranking and the advert strip show at most this many. */
export const RANKING_SIZE = 10;
export const ADVERT_COUNT = 10;

/** The reading-rate page's default range (the last 7 China days, today included): the readingRate and radar's. */
const rateRange = (now: Date) => requestDayRange({}, now, RATE_DEFAULT_DAYS, RATE_MAX_SPAN);

/** The reading-rate route's answer grouped by day over its default range, for the caller's scope. */
const dailyReadingRate = ({ db, me, now }: MetricsContext) =>
  readingRateOf(db, me.companyId, scopeFilter(METER_SCOPE, me.scope), {
    groupBy: 'day',
    ...rateRange(now),
    filters: {},
  });

/** The device status page's count of one device table in the caller's scope (its route's onlineCount). */
const devicesOnline = ({ db, me }: MetricsContext, table: 'concentrators' | 'collectors' | 'water_meters') =>
  onlineCount(db, me.companyId, table, scopeFilter(DEVICE_SCOPE, me.scope));

/** The device status page's summary, the resident and district lists' counts. */
export const overviewFigures = async (ctx: MetricsContext): Promise<OverviewFigures> => {
  const { db, me } = ctx;
  const [concentrators, collectors, meters, residents, districts] = await Promise.all([
    devicesOnline(ctx, 'concentrators'),
    devicesOnline(ctx, 'collectors'),
    devicesOnline(ctx, 'water_meters'),
    countRows(db, 'residents', me.companyId, scopeConditions(RESIDENT_SCOPE, me.scope)),
    listDistricts(db, me.companyId, me.scope, {}, 0, 1),
  ]);
  return {
    meters: meters.total,
    metersOnline: meters.online,
    onlineRate: ratePercent(meters.online, meters.total),
    concentrators: concentrators.total,
    concentratorsOnline: concentrators.online,
    collectors: collectors.total,
    residents,
    districts: districts.count,
  };
};

/** The reading-rate page by day over its default 7 days: today's counts and each day's rate. */
export const readingRateFigures = async (ctx: MetricsContext): Promise<ReadingRateFigures> => {
  const rate = await dailyReadingRate(ctx);
  // the range ends today: its last day group is today's
  const { name: day, meters, expected, read, rate: todayRate } = rate.groups.at(-1) as (typeof rate.groups)[number];
  return {
    day,
    today: { meters, expected, read, rate: todayRate },
    days: rate.groups.map((g) => ({ day: g.name, rate: g.rate })),
  };
};

/** The alarm console's typeCount (live alarms per level) and its trend's today (alarms raised today). */
export const alarmFigures = async ({ db, me, now }: MetricsContext): Promise<AlarmFigures> => {
  const scope = { companyId: me.companyId, predicates: scopeFilter(ALARM_SCOPE, me.scope) };
  const today = { from: chinaDay(now), to: chinaDay(now) };
  const [live, raised] = await Promise.all([liveAlarmCounts(db, scope), raisedPerDay(db, scope, dayWindow(today))]);
  const counts = typeCountOf(live);
  const trend = trendOf(today, raised);
  return { total: counts.total, byLevel: counts.byLevel, raisedToday: trend.days[0]?.total ?? 0 };
};

/** The work-order statistics over today: every open order by status and deadline class, completed today. */
export const workOrderFigures = async ({ db, me, now }: MetricsContext): Promise<WorkOrderFigures> => {
  const range = { ...dayWindow({ from: chinaDay(now), to: chinaDay(now) }), to: now };
  const stats = await workOrderStatistics(db, me.companyId, await workOrderVisibility(db, me), range, now);
  const today = stats.trend.find((d) => d.day === chinaDay(now));
  return {
    open: stats.open,
    byStatus: stats.openByStatus,
    deadline: stats.deadline,
    completedToday: today?.completed ?? 0,
  };
};

/** The production–sales difference page's rows for this China month (so far). */
export const waterLossFigures = async ({ db, me, now }: MetricsContext): Promise<WaterLossFigures> => {
  const month = chinaMonth(now);
  const rows = await zoneMeteringRows(db, me.companyId, me.scope, month);
  return {
    month,
    districts: rows.map((r) => ({
      districtId: r.districtId,
      districtName: r.districtName,
      suppliedM3: r.suppliedM3,
      billedM3: r.billedM3,
      lossRate: r.productionSalesDifferenceRate,
      assessedLossRate: r.assessedLossRate,
      grade: r.grade,
      nightline: r.nightline,
      nightLeakage: r.nightLeakage,
      openLeakEvents: r.openLeakEvents,
    })),
  };
};

/** The data radar's five axes over the reading-rate page's default 7 days (dataRadar.ts defines each). */
export const dataRadarFigures = async (ctx: MetricsContext): Promise<DataRadarFigures> => {
  const range = rateRange(ctx.now);
  const [rate, counts, meters] = await Promise.all([
    dailyReadingRate(ctx),
    radarCounts(
      ctx.db,
      ctx.me.companyId,
      { ...range, window: dayWindow(range) },
      scopeFilter(METER_SCOPE, ctx.me.scope),
    ),
    devicesOnline(ctx, 'water_meters'),
  ]);
  return {
    ...range,
    axes: radarAxes({
      ...counts,
      expectedDays: rate.overall.expected,
      // the overview's
      onlineRate: ratePercent(meters.online, meters.total),
      readingRate: rate.overall.rate,
    }),
  };
};

/** The residential areas using most water this China month so far (validated daily consumption), most first. */
export const communityRankingFigures = async ({ db, me, now }: MetricsContext): Promise<CommunityRankingFigures> => {
  const month = chinaMonth(now);
  const days = daysBetween(`${month}-01`, chinaDay(now));
  const areas = await topAreaConsumption(
    db,
    me.companyId,
    days[0] as string,
    days.at(-1) as string,
    scopeFilter(METER_SCOPE, me.scope),
    RANKING_SIZE,
  );
  return { month, areas };
};

/** The tenant's newest notices to the whole company; each opens in place (no url). */
export const advertFigures = async ({ db, me }: MetricsContext): Promise<AdvertFigures> => ({
  items: (await companyNotices(db, me.companyId, ADVERT_COUNT)).map((n) => ({
    ...n,
    url: '',
  })),
});

type Metric<W extends WidgetId> = (ctx: MetricsContext) => Promise<WidgetFigures[W]>;

/** Each widget's figures; `messages` reads the live alarm stream itself and has none. */
export const WIDGET_METRICS: { [W in WidgetId]: Metric<W> } = {
  overview: overviewFigures,
  readingRate: readingRateFigures,
  alarms: alarmFigures,
  workOrders: workOrderFigures,
  waterLoss: waterLossFigures,
  dataRadar: dataRadarFigures,
  communityRanking: communityRankingFigures,
  messages: async () => ({}),
  adverts: advertFigures,
};

export const widgetFigures = <W extends WidgetId>(widget: W, ctx: MetricsContext): Promise<WidgetFigures[W]> =>
  WIDGET_METRICS[widget](ctx);
