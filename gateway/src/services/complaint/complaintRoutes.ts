// /api-business/complaint (spec §7). Placeholder until its helper (H-COMPLAINT) lands it.
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';

export const complaintRoutes: ServicePlugin<ServiceOptions> = async () => {};
