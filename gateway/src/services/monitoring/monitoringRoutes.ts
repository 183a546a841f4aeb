// Every /api-workbench/monitoring route of the statistics, usage exceptions, device status lists and the status
// board (H-MONITOR), as one service module; the alarm console's and the rules' routes are services/alarm's.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { deviceMonitorRoutes } from './deviceMonitorRoutes.ts';
import { monitoringStatsRoutes } from './monitoringStatsRoutes.ts';
import { statusBoardRoutes } from './statusBoardRoutes.ts';
import { usageExceptionRoutes } from './usageExceptionRoutes.ts';

export const monitoringRoutes: ServicePlugin<ServiceOptions> = async (app, options) => {
  await monitoringStatsRoutes(app, options);
  await usageExceptionRoutes(app, options);
  await deviceMonitorRoutes(app, options);
  await statusBoardRoutes(app, options);
};
