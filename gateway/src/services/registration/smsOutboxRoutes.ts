// GET /api-user/sms/outbox: the tenant's messages of the built-in SMS sender, newest first, filtered by mobile
// (sys:sms:view). Read-only; the generic resource registration serves only roles, users and menus, so this list
// follows the operation log's route.
import { ErrorBody, PageResult, page } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { REGISTRATION_PATHS, SmsOutboxEntry, SmsOutboxQuery } from '@waterops/shared/registration';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { listOutbox } from './smsOutboxRepository.ts';

const USER_PREFIX = '/api-user';

export const smsOutboxRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  app.get(
    REGISTRATION_PATHS.smsOutbox.slice(USER_PREFIX.length),
    {
      config: { permission: PERMISSIONS.sysSmsView },
      schema: {
        tags: ['registration'],
        summary: "The tenant's SMS outbox (messages of the built-in sender), newest first",
        querystring: SmsOutboxQuery,
        response: { 200: PageResult(SmsOutboxEntry), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const { rows, count } = await listOutbox(app.db, me.companyId, {
        mobile: q.mobile?.trim() || undefined,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      const data = rows.map((r) => ({
        id: Number(r.id),
        mobile: r.mobile,
        text: r.text,
        purpose: r.purpose,
        createTime: r.created_at.toISOString(),
      }));
      return page(data, count, request.t('common.success'));
    },
  );
};
