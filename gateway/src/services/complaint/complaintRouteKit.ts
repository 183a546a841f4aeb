// What the complaint routes share: their tags, error answers and permissions, the caller's data scope by the
// complaint's area, and how a change runs — in one transaction, a business refusal (a state that does not allow
// it, a number taken meanwhile: the unique index) rolled back and answered HTTP 200 with resp_code 1.
import { BUSINESS_FAILURE_CODE, ErrorBody, Nullable, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { Complaint } from '@waterops/shared/complaint';
import type { MessageKey } from '@waterops/shared/i18n';
import type { Operation } from '@waterops/shared/user';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { notFound } from '../../plugins/errors.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { scopeFilter } from '../resource/resourceScope.ts';
import { type ComplaintScope, findComplaint } from './complaintRepository.ts';

export const path = (full: string) => full.slice('/api-business'.length);
export const tags = ['complaint'];
export const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
export const read = { permission: PERMISSIONS.complaintView };
export const edit = (operation: Operation) => ({ permission: PERMISSIONS.complaintEdit, operation });
export const saved = { 200: Result(Nullable(Complaint)), ...errors };
export const refusalNote = 'A state that does not allow it answers HTTP 200 with resp_code 1 and the message.';
const COMPLAINT_SCOPE = { areaColumn: 'area_id', field: 'areaId' };

/** A business rule refusing a change: the transaction rolls back and the route answers resp_code 1. */
export class Refused extends Error {
  constructor(
    readonly key: MessageKey | null,
    readonly text = '',
  ) {
    super(key ?? text);
  }
}

export type ComplaintKit = ReturnType<typeof complaintKit>;

export const complaintKit = (app: TypedApp) => {
  /** The signed-in caller and their data scope on complaints. */
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

  return { caller, change, locked, reread };
};
