// /api-business/workorder raise and batchRaise (issue 15, Deliver 3): an order raised from where the problem is seen —
// an alarm, a usage exception (meter and type), a reading exception (meter and type), a night-flow leak event. Each
// source is read in the tenant and the caller's data scope (404 otherwise, or a batch item's failure); one open order
// per source, so raising again answers the open one (`created: false`) and a batch replayed makes no duplicates. A
// batch (≤ 500) raises each item in its own transaction with a result per item. Logged as workOrderRaise; the live
// work-order rooms (and the alarm console, whose alarms got a note) hear of it after commit.

import { Type } from '@sinclair/typebox';
import { ErrorBody, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  BatchRaiseItem,
  RaiseResult,
  WORK_ORDER_PATHS,
  WorkOrderBatchRaise,
  WorkOrderRaise,
} from '@waterops/shared/workorder';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { raiseBatch, raiseOne } from './raiseRouteKit.ts';
import { raiseInTx } from './raiseWorkOrders.ts';

const path = (full: string) => full.slice('/api-business'.length);
const tags = ['workorder'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const create = { permission: PERMISSIONS.workOrderCreate, operation: 'workOrderRaise' as const };

export const workOrderRaiseRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.post(
    path(WORK_ORDER_PATHS.raise),
    {
      config: create,
      schema: {
        tags,
        summary: 'Raise an order from an alarm, a usage or reading exception or a night-flow leak event',
        description:
          'The source is named by alarmId (alarm), meterId + exceptionType (usage exception: the alarm type; reading ' +
          'exception: the base check or data-check rule), or leakEventId (night-flow event). A source with an open ' +
          'order answers that order with created false. 400: the source is not named; 404: no such source in the ' +
          "tenant and the caller's data scope; resp_code 1: refused (a repaired leak, an assignment the caller may " +
          'not make). Nothing is written unless the answer is a success.',
        body: WorkOrderRaise,
        response: { 200: Result(Type.Union([RaiseResult, Type.Null()])), ...errors },
      },
    },
    async (request) => raiseOne(app, request, raiseInTx, request.body, request.body.source, now()),
  );

  app.post(
    path(WORK_ORDER_PATHS.batchRaise),
    {
      config: create,
      schema: {
        tags,
        summary: 'Raise orders from up to 500 sources, each on its own, with a result per item in the order given',
        description:
          'Each item is raised in its own transaction: a bad item (its source not named, not found in the tenant and ' +
          'scope, refused) fails alone with a localized message; a source with an open order answers it ' +
          '(created false), so a batch sent twice makes no duplicates.',
        body: WorkOrderBatchRaise,
        response: { 200: Result(Type.Array(BatchRaiseItem)), ...errors },
      },
    },
    async (request) => raiseBatch(app, request, raiseInTx, request.body.items, 'batch', now()),
  );
};
