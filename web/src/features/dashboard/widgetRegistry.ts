// The home page's widgets, one entry per WidgetId: its title, who may see it (the contract's WIDGET_PERMISSIONS: the
// permission of its source page), the pages its figures come from (page component keys, as the menus name them; the
// first the user can open is where its title links) and the component drawing it. A widget added to the contract
// without an entry here is a compile error.
import { WIDGET_PERMISSIONS, type WidgetId } from '@waterops/shared/dashboard';
import type { ComponentType } from 'react';
import { AdvertsWidget } from './AdvertsWidget.tsx';
import { AlarmsWidget } from './AlarmsWidget.tsx';
import { CommunityRankingWidget } from './CommunityRankingWidget.tsx';
import { DataRadarWidget } from './DataRadarWidget.tsx';
import type { WidgetProps } from './LiveWidget.tsx';
import { MessagesWidget } from './MessagesWidget.tsx';
import { OverviewWidget } from './OverviewWidget.tsx';
import { ReadingRateWidget } from './ReadingRateWidget.tsx';
import { WaterLossWidget } from './WaterLossWidget.tsx';
import { WorkOrdersWidget } from './WorkOrdersWidget.tsx';

export type WidgetEntry = {
  /** catalogue key of the widget's title */
  titleKey: `dashboard.widget.${WidgetId}`;
  /** shown to a user holding one of these ('admin' holds all); null: every signed-in user */
  permissions: readonly string[] | null;
  /** the pages its figures come from, preferred first (pageRegistry keys); empty: it links nowhere */
  sourcePages: readonly string[];
  /** takes a whole row of the grid (the advert strip) */
  fullWidth?: boolean;
  Component: ComponentType<WidgetProps>;
};

const entry = (id: WidgetId, rest: Omit<WidgetEntry, 'titleKey' | 'permissions'>): WidgetEntry => ({
  titleKey: `dashboard.widget.${id}`,
  permissions: WIDGET_PERMISSIONS[id],
  ...rest,
});

export const WIDGETS: Record<WidgetId, WidgetEntry> = {
  // the overview's counts are the device-status page's; a user with the meters only still reaches the meter list
  overview: entry('overview', {
    sourcePages: ['device/DeviceStatusPage', 'device/MeterPage'],
    Component: OverviewWidget,
  }),
  readingRate: entry('readingRate', { sourcePages: ['reading/ReadingRatePage'], Component: ReadingRateWidget }),
  alarms: entry('alarms', { sourcePages: ['monitoring/AlarmConsolePage'], Component: AlarmsWidget }),
  workOrders: entry('workOrders', { sourcePages: ['workorder/WorkOrderPage'], Component: WorkOrdersWidget }),
  waterLoss: entry('waterLoss', { sourcePages: ['dma/WaterBalancePage'], Component: WaterLossWidget }),
  dataRadar: entry('dataRadar', { sourcePages: ['reading/DataCheckPage'], Component: DataRadarWidget }),
  communityRanking: entry('communityRanking', {
    sourcePages: ['reading/ReadingRecordPage'],
    Component: CommunityRankingWidget,
  }),
  messages: entry('messages', { sourcePages: ['monitoring/AlarmConsolePage'], Component: MessagesWidget }),
  adverts: entry('adverts', { sourcePages: [], fullWidth: true, Component: AdvertsWidget }),
};
