// GET /api-user/logs: the tenant's operation log, newest first, filtered by user name, operation, result, IP prefix
// and time range.
import { ErrorBody, PageResult, page } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import { OPERATIONS, type Operation, OperationLogEntry, OperationLogQuery, USER_PATHS } from '@waterops/shared/user';
import { badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { parseLogTime } from './logTime.ts';
import { listOperations } from './operationLogRepository.ts';

const USER_PREFIX = '/api-user';

const operationKey = (operation: string): MessageKey | null =>
  (OPERATIONS as readonly string[]).includes(operation)
    ? (`oplog.${operation as Operation}` satisfies MessageKey)
    : null;

export const logRoutes: ServicePlugin<ServiceOptions> = async (app) => {
  app.get(
    USER_PATHS.logs.slice(USER_PREFIX.length),
    {
      config: { permission: PERMISSIONS.sysLogView },
      schema: {
        tags: ['log'],
        summary: "The tenant's operation log, newest first, successes and refused attempts",
        querystring: OperationLogQuery,
        response: { 200: PageResult(OperationLogEntry), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const from = q.startTime ? parseLogTime(q.startTime, 'start') : undefined;
      if (from === null) throw badRequest('startTime');
      const to = q.endTime ? parseLogTime(q.endTime, 'end') : undefined;
      if (to === null) throw badRequest('endTime');
      const { rows, count } = await listOperations(app.db, me.companyId, {
        username: q.username?.trim() || undefined,
        operation: q.operation,
        result: q.result,
        ipPrefix: q.ip?.trim() || undefined,
        from,
        to,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      const data = rows.map((r) => {
        const key = operationKey(r.operation);
        return {
          id: r.id,
          userId: r.user_id,
          username: r.username,
          operation: r.operation,
          operationName: key ? request.t(key) : r.operation,
          detail: r.detail,
          ip: r.ip,
          result: r.result,
          reason: r.reason,
          createTime: r.created_at.toISOString(),
        };
      });
      return page(data, count, request.t('common.success'));
    },
  );
};
