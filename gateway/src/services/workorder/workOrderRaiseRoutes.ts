// /api-business/workorder: raising orders from where the problem is seen: raise, batchRaise (H-SOURCES). Placeholder until its helper lands it.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

export const workOrderRaiseRoutes: ServicePlugin<ServiceOptions> = async () => {};
