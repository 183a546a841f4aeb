// Which embedded modules serve each API prefix. A prefix missing here (workbench, business, revenue, ops: later
// issues) has no embedded routes yet: its calls get the JSON 404 unless an upstream is configured for it.
import type { ApiPrefix } from '@waterops/shared/api';
import type { ServicePlugin } from '../plugins/typeBoxProvider.ts';
import { accountRoutes } from './account/accountRoutes.ts';
import { fileRoutes } from './file/fileRoutes.ts';
import { logRoutes } from './log/logRoutes.ts';
import { menuRoutes } from './menu/menuRoutes.ts';
import { registrationRoutes } from './registration/registrationRoutes.ts';
import { smsOutboxRoutes } from './registration/smsOutboxRoutes.ts';
import { roleRoutes } from './role/roleRoutes.ts';
import type { ServiceOptions } from './serviceOptions.ts';
import { uaaRoutes } from './uaa/uaaRoutes.ts';
import { userRoutes } from './user/userRoutes.ts';

export const embeddedServices: Partial<Record<ApiPrefix, ServicePlugin<ServiceOptions>[]>> = {
  '/api-uaa': [uaaRoutes, registrationRoutes],
  '/api-user': [userRoutes, logRoutes, roleRoutes, accountRoutes, menuRoutes, smsOutboxRoutes],
  '/api-file': [fileRoutes],
};
