// /api-business/workorder: the work calendar (holidays, make-up days), the deadline settings, the duty roster and the crew (H-CALENDAR). Placeholder until its helper lands it.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

export const workCalendarRoutes: ServicePlugin<ServiceOptions> = async () => {};
