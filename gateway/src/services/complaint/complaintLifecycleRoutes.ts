// The complaint's way after intake (spec §7 complaint/workOrder, over; reopen in the same style): turned into one work
// order through the work-order core (its text, photos and links carried over, linked both ways, optionally assigned;
// a complaint whose order is still open answers that order), closed with the reply to the resident and their
// satisfaction, reopened within 72 h of closing with the reason. Each is logged; a state that does not allow it is
// the business failure.
import { ok } from '@waterops/shared/api';
import { hasPermission, PERMISSIONS } from '@waterops/shared/auth';
import {
  COMPLAINT_PATHS,
  ComplaintOver,
  ComplaintReopen,
  ComplaintToWorkOrder,
  complaintRefusal,
  hasOpenOrder,
  validateComplaintOver,
} from '@waterops/shared/complaint';
import { AppError, forbidden } from '../../plugins/errors.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import {
  type Actor,
  actOnWorkOrder,
  announceWorkOrders,
  createWorkOrder,
  refusalMessage,
} from '../workorder/workOrderService.ts';
import { orderOfComplaint } from './complaintOrder.ts';
import { displayNameOf, updateComplaint } from './complaintRepository.ts';
import { type ComplaintKit, edit, path, Refused, refusalNote, saved, tags } from './complaintRouteKit.ts';

export const complaintLifecycleRoutes = async (
  app: TypedApp,
  { now, kit }: { now: () => Date; kit: ComplaintKit },
): Promise<void> => {
  const { caller, change, locked, reread } = kit;

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
