// /api-business/workorder core (list, find, events, save, transitions, batch, statistics, feed, export). In progress.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

export const workOrderRoutes: ServicePlugin<ServiceOptions> = async () => {};
