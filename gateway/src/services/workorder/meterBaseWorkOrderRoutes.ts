// /api-workbench/meter/meterBase/workOrder and batchWorkOrder (spec §7): reading-exception orders from the meter-reading
// page. Placeholder until its helper (H-SOURCES) lands it.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

export const meterBaseWorkOrderRoutes: ServicePlugin<ServiceOptions> = async () => {};
