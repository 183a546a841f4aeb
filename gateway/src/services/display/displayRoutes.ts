// /api-user/displays: display tokens as administrators manage them (page 大屏终端). A token is issued for one named
// screen, answered in clear once and stored only as its hash; it never reaches the operation log. Renaming changes the
// name the screen reports; revoking refuses the token at once on this instance (its cached session is dropped, as
// sign-out does) and within the session cache time on others, and the live layer's auth check then ends its sockets.
import { ErrorBody, IdParams, ok, PageResult, page, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  DISPLAY_DAYS,
  DISPLAY_PATHS,
  DisplayIssue,
  DisplayIssued,
  DisplayListQuery,
  DisplayRename,
  DisplayToken,
  displayStateOf,
  validateDisplayIssue,
} from '@waterops/shared/display';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { hashToken, newAccessToken } from '../uaa/accessToken.ts';
import {
  type DisplayRow,
  findDisplay,
  insertDisplay,
  listDisplays,
  renameDisplay,
  revokeDisplay,
} from './displayRepository.ts';

const path = (full: string) => full.slice('/api-user'.length);
const tags = ['display tokens'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const DAY_MS = 86_400_000;

const toDisplay = (r: DisplayRow, now: Date): DisplayToken => ({
  id: r.id,
  name: r.name,
  createdBy: r.created_by_name,
  createTime: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
  revokedAt: r.revoked_at?.toISOString() ?? null,
  lastSeenTime: r.last_seen_at?.toISOString() ?? null,
  lastSeenAddress: r.last_seen_address,
  state: displayStateOf({ revokedAt: r.revoked_at, expiresAt: r.expires_at }, now),
});

/** What the log says of a display: its id and name — never the token. */
const describe = (r: { id: number; name: string }) => `display #${r.id} ${r.name}`;

export const displayRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const read = { permission: PERMISSIONS.sysDisplayView };
  const write = { permission: PERMISSIONS.sysDisplayEdit };

  app.get(
    path(DISPLAY_PATHS.list),
    {
      config: read,
      schema: {
        tags,
        summary: "One page of the tenant's display tokens, newest first (name contains, state); never the tokens",
        querystring: DisplayListQuery,
        response: { 200: PageResult(DisplayToken), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const q = request.query;
      const at = now();
      const { rows, count } = await listDisplays(app.db, me.companyId, {
        name: q.name,
        state: q.state,
        now: at,
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
      });
      return page(
        rows.map((r) => toDisplay(r, at)),
        count,
        request.t('common.success'),
      );
    },
  );

  app.post(
    path(DISPLAY_PATHS.issue),
    {
      config: { ...write, operation: 'displayIssue' },
      schema: {
        tags,
        summary: `Issue a read-only token for one screen, good for \`days\` (${DISPLAY_DAYS.min}–${DISPLAY_DAYS.max}, default ${DISPLAY_DAYS.default}); the token is answered this once`,
        description:
          'The screen opens `<origin>/#/bigScreen?display=<token>` and sends `Authorization: bearer <token>`: GET and HEAD only, the view permissions of the big screen (DISPLAY_PERMISSIONS), the whole tenant.',
        body: DisplayIssue,
        response: { 200: Result(DisplayIssued), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const body = request.body;
      const violation = validateDisplayIssue(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      const token = newAccessToken();
      const display = await app.db.transaction().execute(async (tx) => {
        const id = await insertDisplay(
          tx,
          {
            companyId: me.companyId,
            name: body.name.trim(),
            tokenHash: hashToken(token),
            createdBy: me.userId,
            expiresAt: new Date(at.getTime() + (body.days ?? DISPLAY_DAYS.default) * DAY_MS),
          },
          at,
        );
        const row = (await findDisplay(tx, me.companyId, id)) as DisplayRow;
        await recordRequestOperation(tx, request, me, { operation: 'displayIssue', detail: describe(row), at });
        return row;
      });
      return ok({ token, display: toDisplay(display, at) }, request.t('common.success'));
    },
  );

  app.put(
    path(DISPLAY_PATHS.rename(':id')),
    {
      config: { ...write, operation: 'displayRename' },
      schema: {
        tags,
        summary: 'Rename a screen (its token stays as it is)',
        params: IdParams,
        body: DisplayRename,
        response: { 200: Result(DisplayToken), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      const violation = validateDisplayIssue({ name: request.body.name })[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const name = request.body.name.trim();
      const at = now();
      const row = await app.db.transaction().execute(async (tx) => {
        const existing = await findDisplay(tx, me.companyId, id);
        if (!existing) throw notFound();
        await renameDisplay(tx, me.companyId, id, name);
        await recordRequestOperation(tx, request, me, {
          operation: 'displayRename',
          detail: `${describe(existing)} → ${name}`,
          at,
        });
        return (await findDisplay(tx, me.companyId, id)) as DisplayRow;
      });
      return ok(toDisplay(row, at), request.t('common.success'));
    },
  );

  app.post(
    path(DISPLAY_PATHS.revoke(':id')),
    {
      config: { ...write, operation: 'displayRevoke' },
      schema: {
        tags,
        summary: 'Revoke a display token: its next request is answered 401, and the live layer ends its sockets',
        description: 'Revoking a token already revoked changes nothing and answers the row as it is.',
        params: IdParams,
        response: { 200: Result(DisplayToken), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params;
      const at = now();
      const row = await app.db.transaction().execute(async (tx) => {
        const existing = await findDisplay(tx, me.companyId, id);
        if (!existing) throw notFound();
        const tokenHash = await revokeDisplay(tx, me.companyId, id, at);
        if (tokenHash !== undefined) {
          await recordRequestOperation(tx, request, me, { operation: 'displayRevoke', detail: describe(existing), at });
          // dropped here and once more after the commit: a request reading the token meanwhile keeps nothing
          app.sessions.drop(tokenHash);
        }
        return { ...((await findDisplay(tx, me.companyId, id)) as DisplayRow), tokenHash };
      });
      if (row.tokenHash !== undefined) app.sessions.drop(row.tokenHash);
      return ok(toDisplay(row, at), request.t('common.success'));
    },
  );
};
