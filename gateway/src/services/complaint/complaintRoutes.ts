// /api-business/complaint (spec §7: list, save, delete, workOrder, over; in the same style find, export, reopen, newNo,
// exist). Reading needs complaint:view, every change complaint:edit, and turning a complaint into a work order also
// workorder:create. Everything is limited to the tenant and the caller's data scope by the complaint's area (a
// scoped call-taker also sees the complaints they took): another tenant's or an out-of-scope id answers 404. Rules
// break with 400 naming the field, nothing written; a state that does not allow the action (closed, ordered, past
// 72 h) and a duplicate number answer HTTP 200 with resp_code 1 and the message. Every change is logged.
import { Type } from '@sinclair/typebox';
import {
  BUSINESS_FAILURE_CODE,
  ErrorBody,
  EXPORT_MAX_ROWS,
  IdParams,
  Nullable,
  ok,
  PageResult,
  page,
  Result,
  XLSX_CONTENT_TYPE,
} from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import {
  COMPLAINT_PATHS,
  Complaint,
  ComplaintExistQuery,
  ComplaintListQuery,
  ComplaintOver,
  ComplaintReopen,
  ComplaintSave,
  ComplaintToWorkOrder,
  complaintRefusal,
  hasOpenOrder,
  validateComplaint,
  validateComplaintOver,
} from '@waterops/shared/complaint';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Operation } from '@waterops/shared/user';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { allocateCode } from '../codeRule/codeRuleRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { rowInScope, scopeFilter } from '../resource/resourceScope.ts';
import { contentDisposition, fileStamp } from '../resource/sheetCells.ts';
import { writeWorkbook } from '../resource/xlsxSheet.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import {
  type Actor,
  actOnWorkOrder,
  announceWorkOrders,
  createWorkOrder,
  refusalMessage,
} from '../workorder/workOrderService.ts';
import { orderOfComplaint } from './complaintOrder.ts';
import {
  areaExists,
  type ComplaintColumns,
  type ComplaintScope,
  complaintNoTaken,
  deleteComplaint,
  displayNameOf,
  findComplaint,
  findMeterPlace,
  findResidentPlace,
  insertComplaint,
  listComplaints,
  updateComplaint,
} from './complaintRepository.ts';
import { complaintSheet } from './complaintSheet.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['complaint'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const read = { permission: PERMISSIONS.complaintView };
const edit = (operation: Operation) => ({ permission: PERMISSIONS.complaintEdit, operation });
const COMPLAINT_SCOPE = { areaColumn: 'area_id', field: 'areaId' };
const saved = { 200: Result(Nullable(Complaint)), ...errors };
const DEFAULT_LIMIT = 50;
const refusalNote = 'A state that does not allow it answers HTTP 200 with resp_code 1 and the message.';

/** A business rule refusing a change: the transaction rolls back and the route answers resp_code 1. */
class Refused extends Error {
  constructor(
    readonly key: MessageKey | null,
    readonly text = '',
  ) {
    super(key ?? text);
  }
}

const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;

export const complaintRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const caller = (request: FastifyRequest) => {
    const me = app.principalOf(request);
    const predicates = scopeFilter(COMPLAINT_SCOPE, me.scope);
    const scope: ComplaintScope = predicates === null ? null : { predicates, userId: me.userId };
    return { me, scope };
  };

  const failure = (request: FastifyRequest, r: Refused) => ({
    resp_code: BUSINESS_FAILURE_CODE,
    resp_msg: r.key ? request.t(r.key) : r.text,
    datas: null,
  });

  /** Runs a change; a refusal (or a number taken meanwhile: the unique index) becomes the business failure. */
  const change = async <T>(
    request: FastifyRequest,
    work: (tx: Transaction<DB>) => Promise<T>,
  ): Promise<T | ReturnType<typeof failure>> => {
    try {
      return await app.db.transaction().execute(work);
    } catch (e) {
      if (e instanceof Refused) return failure(request, e);
      const err = e as { code?: string; constraint?: string };
      if (err.code === '23505' && err.constraint === 'complaints_no_uq')
        return failure(request, new Refused('complaint.rules.noExists'));
      throw e;
    }
  };

  /** The complaint in the caller's scope, locked for the change; 404 otherwise. */
  const locked = async (tx: Transaction<DB>, request: FastifyRequest, id: number) => {
    const { me, scope } = caller(request);
    const c = await findComplaint(tx, me.companyId, scope, id, true);
    if (!c) throw notFound();
    return c;
  };

  const reread = async (tx: Transaction<DB>, companyId: number, id: number) =>
    (await findComplaint(tx, companyId, null, id)) as Complaint;

  app.get(
    path(COMPLAINT_PATHS.list),
    {
      config: read,
      schema: {
        tags,
        summary: "One page of the tenant's complaints (newest first): status, channel, category, keyword, time range",
        querystring: ComplaintListQuery,
        response: { 200: PageResult(Complaint), ...errors },
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const q = request.query;
      const limit = q.limit ?? DEFAULT_LIMIT;
      const { rows, count } = await listComplaints(app.db, me.companyId, scope, q, {
        offset: ((q.page ?? 1) - 1) * limit,
        limit,
      });
      return page(rows, count, request.t('common.success'));
    },
  );

  app.get(
    path(COMPLAINT_PATHS.export),
    {
      config: read,
      schema: {
        tags,
        summary: `The complaints matching the list's filters and sort, as .xlsx (at most ${EXPORT_MAX_ROWS} rows)`,
        description: 'Columns and labels of the list, in the request language; times in China time.',
        querystring: ComplaintListQuery,
        response: {
          200: {
            description: 'the .xlsx file',
            content: { [XLSX_CONTENT_TYPE]: { schema: Type.String({ format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { me, scope } = caller(request);
      const t = request.t.bind(request);
      const { rows, count } = await listComplaints(app.db, me.companyId, scope, request.query, {
        offset: 0,
        limit: EXPORT_MAX_ROWS,
      });
      if (count > EXPORT_MAX_ROWS) throw new AppError(400, 'export.tooMany', undefined, { max: EXPORT_MAX_ROWS });
      const at = now();
      const content = await writeWorkbook([complaintSheet(rows, t)]);
      await recordRequestOperation(app.db, request, me, {
        operation: 'dataExport',
        detail: `complaint ${rows.length} rows ${JSON.stringify(request.query)}`,
        at,
      });
      return (reply as FastifyReply)
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', contentDisposition(`${t('complaint.sheet.file')}-${fileStamp(at)}.xlsx`))
        .send(content);
    },
  );

  app.get(
    path(COMPLAINT_PATHS.exist),
    {
      config: { ...read, alsoPermitted: [PERMISSIONS.complaintEdit] },
      schema: {
        tags,
        summary: 'Whether a complaint of the tenant other than `id` holds the number (spec §5 unique; datas: boolean)',
        querystring: ComplaintExistQuery,
        response: { 200: Result(Type.Boolean()), ...errors },
      },
    },
    async (request) => {
      const { me } = caller(request);
      const { complaintNo, id } = request.query;
      const taken = await complaintNoTaken(app.db, me.companyId, complaintNo.trim(), id);
      return ok(taken, request.t('common.success'));
    },
  );

  app.post(
    path(COMPLAINT_PATHS.newNo),
    {
      config: { permission: PERMISSIONS.complaintEdit },
      schema: {
        tags,
        summary: 'The next complaint number of the code rule (prefix TS), to prefill the intake form',
        response: { 200: Result(Type.String()), ...errors },
      },
    },
    async (request) => {
      const { me } = caller(request);
      const no = await app.db.transaction().execute((tx) => allocateCode(tx, me.companyId, 'complaint', now()));
      return ok(no, request.t('common.success'));
    },
  );

  app.get(
    path(COMPLAINT_PATHS.find(':id')),
    {
      config: read,
      schema: { tags, summary: 'One complaint of the tenant', params: IdParams, response: saved },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const c = await findComplaint(app.db, me.companyId, scope, request.params.id);
      if (!c) throw notFound();
      return ok(c, request.t('common.success'));
    },
  );

  app.post(
    path(COMPLAINT_PATHS.save),
    {
      config: edit('complaintCreate'),
      schema: {
        tags,
        summary: 'Take a complaint (no id) or correct one (id; not once closed)',
        description: `Resident, meter and area must be the tenant's (400 naming the field); a resident fills the area and address left empty. A number another complaint holds answers resp_code 1. ${refusalNote}`,
        body: ComplaintSave,
        response: saved,
      },
    },
    async (request) => {
      const { me, scope } = caller(request);
      const body = request.body;
      const violation = validateComplaint(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      const companyId = me.companyId;
      return change(request, async (tx) => {
        const existing = body.id === undefined ? undefined : await locked(tx, request, body.id);
        if (existing) {
          const refused = complaintRefusal('edit', existing, at);
          if (refused) throw new Refused(refused);
        }
        const resident = body.residentId ? await findResidentPlace(tx, companyId, body.residentId) : undefined;
        if (body.residentId && !resident) throw badRequest('residentId');
        const meter = body.meterId ? await findMeterPlace(tx, companyId, body.meterId) : undefined;
        if (body.meterId && !meter) throw badRequest('meterId');
        if (body.areaId && !(await areaExists(tx, companyId, body.areaId))) throw badRequest('areaId');
        const no = body.complaintNo.trim();
        if (await complaintNoTaken(tx, companyId, no, body.id)) throw new Refused('complaint.rules.noExists');
        const areaOf = (p: { area_id: number | null } | undefined) => (p?.area_id == null ? null : Number(p.area_id));
        const values: ComplaintColumns = {
          complaint_no: no,
          channel: body.channel,
          category: body.category,
          complainant: body.complainant.trim(),
          phone: trimmedOrNull(body.phone),
          resident_id: body.residentId ?? null,
          meter_id: body.meterId ?? null,
          area_id: body.areaId ?? areaOf(resident) ?? areaOf(meter),
          address: trimmedOrNull(body.address) ?? trimmedOrNull(resident?.address) ?? trimmedOrNull(meter?.address),
          content: body.content.trim(),
          attachments: body.attachments ?? existing?.attachments ?? [],
        };
        let id: number;
        if (existing) {
          id = existing.id;
          await updateComplaint(tx, companyId, id, values, at);
        } else {
          const name = await displayNameOf(tx, companyId, me.userId, me.username);
          id = await insertComplaint(tx, companyId, values, { id: me.userId, name }, at);
        }
        // a scoped call-taker files complaints inside their areas only
        const predicates = scope?.predicates ?? null;
        if (values.area_id !== null && !(await rowInScope(tx, 'complaints', companyId, id, predicates)))
          throw new AppError(400, 'resource.scope.outside', 'areaId');
        await recordRequestOperation(tx, request, me, {
          operation: existing ? 'complaintUpdate' : 'complaintCreate',
          detail: `complaint #${id} ${no} ${body.category} ${values.complainant}`,
          at,
        });
        return ok(await reread(tx, companyId, id), request.t('common.success'));
      });
    },
  );

  app.post(
    path(COMPLAINT_PATHS.delete),
    {
      config: edit('complaintDelete'),
      schema: {
        tags,
        summary: 'Delete a complaint never turned into a work order',
        description: refusalNote,
        body: IdParams,
        response: { 200: Result(Type.Null()), ...errors },
      },
    },
    async (request) => {
      const { me } = caller(request);
      const at = now();
      return change(request, async (tx) => {
        const c = await locked(tx, request, request.body.id);
        const refused = complaintRefusal('delete', c, at);
        if (refused) throw new Refused(refused);
        await deleteComplaint(tx, me.companyId, c.id);
        await recordRequestOperation(tx, request, me, {
          operation: 'complaintDelete',
          detail: `complaint #${c.id} ${c.complaintNo} ${c.complainant}`,
          at,
        });
        return ok(null, request.t('common.success'));
      });
    },
  );

  app.post(
    path(COMPLAINT_PATHS.workOrder),
    {
      config: edit('complaintToWorkOrder'),
      schema: {
        tags,
        summary: 'Turn a complaint into a work order (text, photos and links carried over), optionally assigned',
        description: `Needs workorder:create besides complaint:edit (and workorder:assign to assign). A complaint whose order is still open answers that order (never two). ${refusalNote}`,
        body: ComplaintToWorkOrder,
        response: saved,
      },
    },
    async (request) => {
      const { me } = caller(request);
      if (!hasPermission(me.permissions, PERMISSIONS.workOrderCreate)) throw forbidden();
      const body = request.body;
      const at = now();
      const actor: Actor = {
        companyId: me.companyId,
        userId: me.userId,
        username: me.username,
        permissions: me.permissions,
      };
      let made = false;
      const answer = await change(request, async (tx) => {
        const c = await locked(tx, request, body.id);
        const refused = complaintRefusal('workOrder', c, at);
        if (refused) throw new Refused(refused);
        if (hasOpenOrder(c))
          return ok(c, request.t('complaint.refused.alreadyOrdered', { code: c.workOrderCode ?? '' }));
        const order = await createWorkOrder(tx, actor, orderOfComplaint(c, body, request.locale), at);
        if (order.created && body.assigneeId) {
          const outcome = await actOnWorkOrder(
            tx,
            actor,
            'assign',
            order.id,
            { assigneeId: body.assigneeId, departmentId: body.departmentId ?? null },
            at,
          );
          if (!outcome.ok) throw new Refused(null, refusalMessage(outcome, 'assign', request.t.bind(request)));
        }
        await updateComplaint(tx, me.companyId, c.id, { work_order_id: order.id, status: 'ordered' }, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'complaintToWorkOrder',
          detail: `complaint #${c.id} ${c.complaintNo} → ${order.code}${body.assigneeId ? ` assigned #${body.assigneeId}` : ''}`,
          at,
        });
        made = true;
        return ok(await reread(tx, me.companyId, c.id), request.t('common.success'));
      });
      if (made) announceWorkOrders(app, me.companyId);
      return answer;
    },
  );

  app.post(
    path(COMPLAINT_PATHS.over),
    {
      config: edit('complaintClose'),
      schema: {
        tags,
        summary: "Close a complaint with the reply to the resident and the resident's satisfaction",
        description: refusalNote,
        body: ComplaintOver,
        response: saved,
      },
    },
    async (request) => {
      const { me } = caller(request);
      const body = request.body;
      const violation = validateComplaintOver(body)[0];
      if (violation) throw new AppError(400, violation.message, violation.field);
      const at = now();
      return change(request, async (tx) => {
        const c = await locked(tx, request, body.id);
        const refused = complaintRefusal('over', c, at);
        if (refused) throw new Refused(refused);
        const closedBy = await displayNameOf(tx, me.companyId, me.userId, me.username);
        const reply = body.reply.trim();
        await updateComplaint(
          tx,
          me.companyId,
          c.id,
          { status: 'closed', reply, satisfaction: body.satisfaction, closed_at: at, closed_by: closedBy },
          at,
        );
        await recordRequestOperation(tx, request, me, {
          operation: 'complaintClose',
          detail: `complaint #${c.id} ${c.complaintNo} ${body.satisfaction}: ${reply}`,
          at,
        });
        return ok(await reread(tx, me.companyId, c.id), request.t('common.success'));
      });
    },
  );

  app.post(
    path(COMPLAINT_PATHS.reopen),
    {
      config: edit('complaintReopen'),
      schema: {
        tags,
        summary: 'Reopen a complaint within 72 h of closing, with the reason',
        description: `Back to 'ordered' while its work order is open, else 'open'. ${refusalNote}`,
        body: ComplaintReopen,
        response: saved,
      },
    },
    async (request) => {
      const { me } = caller(request);
      const body = request.body;
      const reason = body.reason.trim();
      if (!reason) throw new AppError(400, 'complaint.rules.reasonRequired', 'reason');
      const at = now();
      return change(request, async (tx) => {
        const c = await locked(tx, request, body.id);
        const refused = complaintRefusal('reopen', c, at);
        if (refused) throw new Refused(refused);
        const status = hasOpenOrder(c) ? 'ordered' : 'open';
        await updateComplaint(
          tx,
          me.companyId,
          c.id,
          {
            status,
            satisfaction: null,
            closed_at: null,
            closed_by: null,
            reopen_count: c.reopenCount + 1,
          },
          at,
        );
        await recordRequestOperation(tx, request, me, {
          operation: 'complaintReopen',
          detail: `complaint #${c.id} ${c.complaintNo}: ${reason}`,
          at,
        });
        return ok(await reread(tx, me.companyId, c.id), request.t('common.success'));
      });
    },
  );
};
