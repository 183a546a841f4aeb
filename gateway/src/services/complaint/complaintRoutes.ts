// /api-business/complaint (spec §7: list, save, delete, workOrder, over; in the same style find, export, reopen, newNo,
// exist). Reading needs complaint:view, every change complaint:edit, and turning a complaint into a work order also
// workorder:create. Everything is limited to the tenant and the caller's data scope by the complaint's area (a
// scoped call-taker also sees the complaints they took): another tenant's or an out-of-scope id answers 404. Rules
// break with 400 naming the field, nothing written; a state that does not allow the action (closed, ordered, past
// 72 h) and a duplicate number answer HTTP 200 with resp_code 1 and the message. Every change is logged. Here the
// list, export, number, intake, correction and deletion; the way after intake in complaintLifecycleRoutes.ts.
import { Type } from '@sinclair/typebox';
import { EXPORT_MAX_ROWS, IdParams, ok, PageResult, page, Result, XLSX_CONTENT_TYPE } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  COMPLAINT_PATHS,
  Complaint,
  ComplaintExistQuery,
  ComplaintListQuery,
  ComplaintSave,
  complaintRefusal,
  validateComplaint,
} from '@waterops/shared/complaint';
import type { FastifyReply } from 'fastify';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { allocateCode } from '../codeRule/codeRuleRepository.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { rowInScope } from '../resource/resourceScope.ts';
import { contentDisposition, fileStamp } from '../resource/sheetCells.ts';
import { writeWorkbook } from '../resource/xlsxSheet.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { complaintLifecycleRoutes } from './complaintLifecycleRoutes.ts';
import {
  areaExists,
  type ComplaintColumns,
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
import { complaintKit, edit, errors, path, Refused, read, refusalNote, saved, tags } from './complaintRouteKit.ts';
import { complaintSheet } from './complaintSheet.ts';

const DEFAULT_LIMIT = 50;
const trimmedOrNull = (v: string | null | undefined) => v?.trim() || null;

export const complaintRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const kit = complaintKit(app);
  const { caller, change, locked, reread } = kit;

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

  await complaintLifecycleRoutes(app, { now, kit });
};
