// Page component keys the server's menus name (`path`), mapped to lazily loaded pages. An unknown key renders 404.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export type PageEntry = {
  Page: LazyExoticComponent<ComponentType>;
  /** meta.permissions: the user needs one of these ('admin' passes) */
  permissions?: readonly string[];
};

export const pageRegistry: Record<string, PageEntry> = {
  // The operations map (issue 7, H-MAP): maplibre and deck.gl load with this page only
  'dma/OperationsMapPage': {
    Page: lazy(() =>
      import('../../features/dma/OperationsMapPage.tsx').then((m) => ({ default: m.OperationsMapPage })),
    ),
    permissions: ['dma:district:view'],
  },
  // Districts, the production–sales difference and night flow (issue 7, H-DMAPAGES)
  'dma/DistrictPage': {
    Page: lazy(() => import('../../features/dma/DistrictPage.tsx').then((m) => ({ default: m.DistrictPage }))),
    permissions: ['dma:district:view'],
  },
  'dma/WaterBalancePage': {
    Page: lazy(() => import('../../features/dma/WaterBalancePage.tsx').then((m) => ({ default: m.WaterBalancePage }))),
    permissions: ['dma:analysis:view'],
  },
  'dma/NightFlowPage': {
    Page: lazy(() => import('../../features/dma/NightFlowPage.tsx').then((m) => ({ default: m.NightFlowPage }))),
    permissions: ['dma:analysis:view'],
  },
  // Work orders and complaints (issue 15): the dispatcher's workstation, the crew's own orders (a phone), complaints,
  // the work calendar with the deadline settings
  'workorder/WorkOrderPage': {
    Page: lazy(() => import('../../features/workorder/WorkOrderPage.tsx').then((m) => ({ default: m.WorkOrderPage }))),
    permissions: ['workorder:view', 'workorder:complete'],
  },
  'workorder/MyWorkOrdersPage': {
    Page: lazy(() =>
      import('../../features/workorder/MyWorkOrdersPage.tsx').then((m) => ({ default: m.MyWorkOrdersPage })),
    ),
    permissions: ['workorder:complete'],
  },
  'workorder/WorkCalendarPage': {
    Page: lazy(() =>
      import('../../features/workorder/WorkCalendarPage.tsx').then((m) => ({ default: m.WorkCalendarPage })),
    ),
    permissions: ['workorder:calendar:view'],
  },
  'complaint/ComplaintPage': {
    Page: lazy(() => import('../../features/complaint/ComplaintPage.tsx').then((m) => ({ default: m.ComplaintPage }))),
    permissions: ['complaint:view'],
  },
  // The alarm console (issue 6, H-CONSOLE)
  'monitoring/AlarmConsolePage': {
    Page: lazy(() =>
      import('../../features/monitoring/AlarmConsolePage.tsx').then((m) => ({ default: m.AlarmConsolePage })),
    ),
    permissions: ['monitoring:alarm:view'],
  },
  // Notices (issue 6, H-NOTICE); the bell itself sits in the top bar
  'notice/NoticePage': {
    Page: lazy(() => import('../../features/notice/NoticePage.tsx').then((m) => ({ default: m.NoticePage }))),
    permissions: ['notice:view'],
  },
  // Reading records and the reading rate (issue 5, H-READ)
  'reading/ReadingRecordPage': {
    Page: lazy(() =>
      import('../../features/reading/ReadingRecordPage.tsx').then((m) => ({ default: m.ReadingRecordPage })),
    ),
    permissions: ['reading:record:view'],
  },
  'reading/ReadingRatePage': {
    Page: lazy(() =>
      import('../../features/reading/ReadingRatePage.tsx').then((m) => ({ default: m.ReadingRatePage })),
    ),
    permissions: ['reading:rate:view'],
  },
  // Month-end bases and the base check (issue 5, H-JOBS)
  'reading/MeterBasePage': {
    Page: lazy(() => import('../../features/reading/MeterBasePage.tsx').then((m) => ({ default: m.MeterBasePage }))),
    permissions: ['reading:meterBase:view'],
  },
  'reading/BaseCheckPage': {
    Page: lazy(() => import('../../features/reading/BaseCheckPage.tsx').then((m) => ({ default: m.BaseCheckPage }))),
    permissions: ['reading:baseCheck:view'],
  },
  // Valve control and the device command history (issue 5, H-CMD)
  'command/ValveControlPage': {
    Page: lazy(() =>
      import('../../features/command/ValveControlPage.tsx').then((m) => ({ default: m.ValveControlPage })),
    ),
    permissions: ['device:valveControl:view'],
  },
  'command/CommandPage': {
    Page: lazy(() => import('../../features/command/CommandPage.tsx').then((m) => ({ default: m.CommandPage }))),
    permissions: ['device:command:view'],
  },
  // Regions, residential areas (档案管理) and departments (issue 3)
  'place/RegionPage': {
    Page: lazy(() => import('../../features/place/RegionPage.tsx').then((m) => ({ default: m.RegionPage }))),
    permissions: ['data:region:view'],
  },
  'place/AreaPage': {
    Page: lazy(() => import('../../features/place/AreaPage.tsx').then((m) => ({ default: m.AreaPage }))),
    permissions: ['data:area:view'],
  },
  'system/DepartmentPage': {
    Page: lazy(() => import('../../features/system/DepartmentPage.tsx').then((m) => ({ default: m.DepartmentPage }))),
    permissions: ['sys:user:view'],
  },
  'home/HomePage': {
    Page: lazy(() => import('../../features/home/HomePage.tsx').then((m) => ({ default: m.HomePage }))),
  },
  'user/PersonalCenterPage': {
    Page: lazy(() =>
      import('../../features/user/PersonalCenterPage.tsx').then((m) => ({ default: m.PersonalCenterPage })),
    ),
  },
  'system/OperationLogPage': {
    Page: lazy(() =>
      import('../../features/system/OperationLogPage.tsx').then((m) => ({ default: m.OperationLogPage })),
    ),
    permissions: ['sys:log:view'],
  },
  'system/RolePage': {
    Page: lazy(() => import('../../features/system/RolePage.tsx').then((m) => ({ default: m.RolePage }))),
    permissions: ['sys:role:view'],
  },
  'system/AccountPage': {
    Page: lazy(() => import('../../features/system/AccountPage.tsx').then((m) => ({ default: m.AccountPage }))),
    permissions: ['sys:user:view'],
  },
  // Display tokens for wall screens (issue 18)
  'system/DisplayPage': {
    Page: lazy(() => import('../../features/system/DisplayPage.tsx').then((m) => ({ default: m.DisplayPage }))),
    permissions: ['sys:display:view'],
  },
  // The built-in SMS sender's outbox (self-registration)
  'system/SmsOutboxPage': {
    Page: lazy(() => import('../../features/system/SmsOutboxPage.tsx').then((m) => ({ default: m.SmsOutboxPage }))),
    permissions: ['sys:sms:view'],
  },
  // Companies administration and the own company's profile with its code rules (issue 3)
  'company/CompanyPage': {
    Page: lazy(() => import('../../features/company/CompanyPage.tsx').then((m) => ({ default: m.CompanyPage }))),
    permissions: ['sys:company:view'],
  },
  'company/CompanyProfilePage': {
    Page: lazy(() =>
      import('../../features/company/CompanyProfilePage.tsx').then((m) => ({ default: m.CompanyProfilePage })),
    ),
    permissions: ['sys:company:view'],
  },
  // Residents and their meters (issue 4, H4)
  'customer/ResidentPage': {
    Page: lazy(() => import('../../features/customer/ResidentPage.tsx').then((m) => ({ default: m.ResidentPage }))),
    permissions: ['data:resident:view'],
  },
  // Concentrators and collectors (issue 4, H2)
  'device/ConcentratorPage': {
    Page: lazy(() =>
      import('../../features/device/ConcentratorPage.tsx').then((m) => ({ default: m.ConcentratorPage })),
    ),
    permissions: ['device:concentrator:view'],
  },
  'device/CollectorPage': {
    Page: lazy(() => import('../../features/device/CollectorPage.tsx').then((m) => ({ default: m.CollectorPage }))),
    permissions: ['device:collector:view'],
  },
  // Water meters and valves (issue 4, H3)
  'device/MeterPage': {
    Page: lazy(() => import('../../features/device/MeterPage.tsx').then((m) => ({ default: m.MeterPage }))),
    permissions: ['device:meter:view'],
  },
  'device/ValvePage': {
    Page: lazy(() => import('../../features/device/ValvePage.tsx').then((m) => ({ default: m.ValvePage }))),
    permissions: ['device:valve:view'],
  },
  // The pipe network (issue 7, H-NETWORK)
  'network/PipelinePage': {
    Page: lazy(() => import('../../features/network/PipelinePage.tsx').then((m) => ({ default: m.PipelinePage }))),
    permissions: ['network:pipeline:view'],
  },
  'network/WellPage': {
    Page: lazy(() => import('../../features/network/WellPage.tsx').then((m) => ({ default: m.WellPage }))),
    permissions: ['network:well:view'],
  },
  'network/NetworkMonitoringPage': {
    Page: lazy(() =>
      import('../../features/network/NetworkMonitoringPage.tsx').then((m) => ({ default: m.NetworkMonitoringPage })),
    ),
    permissions: ['network:pipeline:view'],
  },
  // Device status, ingestion keys, blacklists (issue 5, H-STATUS)
  'device/DeviceStatusPage': {
    Page: lazy(() =>
      import('../../features/device/DeviceStatusPage.tsx').then((m) => ({ default: m.DeviceStatusPage })),
    ),
    permissions: ['device:status:view'],
  },
  'device/IngestKeyPage': {
    Page: lazy(() => import('../../features/device/IngestKeyPage.tsx').then((m) => ({ default: m.IngestKeyPage }))),
    permissions: ['device:ingestKey:view'],
  },
  'device/BlacklistPage': {
    Page: lazy(() => import('../../features/device/BlacklistPage.tsx').then((m) => ({ default: m.BlacklistPage }))),
    permissions: ['device:blacklist:view'],
  },
  // Catalogues and parameter config (issue 4, H1)
  'catalogue/ManufacturerPage': {
    Page: lazy(() =>
      import('../../features/catalogue/ManufacturerPage.tsx').then((m) => ({ default: m.ManufacturerPage })),
    ),
    permissions: ['data:manufacturer:view'],
  },
  'catalogue/MeterModelPage': {
    Page: lazy(() =>
      import('../../features/catalogue/MeterModelPage.tsx').then((m) => ({ default: m.MeterModelPage })),
    ),
    permissions: ['device:meterModel:view'],
  },
  'catalogue/CollectorTypePage': {
    Page: lazy(() =>
      import('../../features/catalogue/CollectorTypePage.tsx').then((m) => ({ default: m.CollectorTypePage })),
    ),
    permissions: ['device:collectorType:view'],
  },
  'catalogue/ResidentCategoryPage': {
    Page: lazy(() =>
      import('../../features/catalogue/ResidentCategoryPage.tsx').then((m) => ({ default: m.ResidentCategoryPage })),
    ),
    permissions: ['data:residentCategory:view'],
  },
  'catalogue/ParamConfigPage': {
    Page: lazy(() =>
      import('../../features/catalogue/ParamConfigPage.tsx').then((m) => ({ default: m.ParamConfigPage })),
    ),
    permissions: ['sys:param:view'],
  },
  // Data verification (issue 5, H-VEE)
  'reading/DataCheckPage': {
    Page: lazy(() => import('../../features/reading/DataCheckPage.tsx').then((m) => ({ default: m.DataCheckPage }))),
    permissions: ['reading:dataCheck:view'],
  },
  // Menu administration (H4)
  'system/MenuPage': {
    Page: lazy(() => import('../../features/system/MenuPage.tsx').then((m) => ({ default: m.MenuPage }))),
    permissions: ['sys:menu:view'],
  },
  // Monitoring: status board, overview, usage exceptions, alarm rules (issue 6, H-MONITOR)
  'monitoring/StatusBoardPage': {
    Page: lazy(() =>
      import('../../features/monitoring/StatusBoardPage.tsx').then((m) => ({ default: m.StatusBoardPage })),
    ),
    permissions: ['monitoring:stats:view'],
  },
  'monitoring/MonitoringOverviewPage': {
    Page: lazy(() =>
      import('../../features/monitoring/MonitoringOverviewPage.tsx').then((m) => ({
        default: m.MonitoringOverviewPage,
      })),
    ),
    permissions: ['monitoring:stats:view'],
  },
  'monitoring/UseWaterExceptionPage': {
    Page: lazy(() =>
      import('../../features/monitoring/UseWaterExceptionPage.tsx').then((m) => ({ default: m.UseWaterExceptionPage })),
    ),
    permissions: ['monitoring:stats:view'],
  },
  'monitoring/WarningRulesPage': {
    Page: lazy(() =>
      import('../../features/monitoring/WarningRulesPage.tsx').then((m) => ({ default: m.WarningRulesPage })),
    ),
    permissions: ['monitoring:rule:view'],
  },
};

export const NotFoundPage = lazy(() =>
  import('../../features/errors/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })),
);
export const NoPermissionPage = lazy(() =>
  import('../../features/errors/NoPermissionPage.tsx').then((m) => ({ default: m.NoPermissionPage })),
);
export const LoginPage = lazy(() =>
  import('../../features/auth/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
export const RegisterPage = lazy(() =>
  import('../../features/auth/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);

/** The page for a component key, or null when the key is unknown (the layout shows 404 instead). */
export const pageFor = (key: string): PageEntry | null => pageRegistry[key] ?? null;
