// /api-workbench/meter/meterBase/workOrder and batchWorkOrder (spec §7): reading-exception orders from the meter-reading
// page, for month-end bases the base check found abnormal. A base is read in the tenant and the caller's data scope
// (by its meter's area; 404 otherwise, or a batch item's failure); its meter keeps one open order per kind of anomaly,
// so raising again answers the open one. The page's editors (reading:meterBase:edit) or anyone who may create work
// orders may call them. Logged as workOrderRaise; the live work-order rooms hear of it after commit.
import { Type } from '@sinclair/typebox';
import { ErrorBody, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import {
  BatchRaiseItem,
  MeterBaseBatchWorkOrder,
  MeterBaseWorkOrder,
  RaiseResult,
  WORK_ORDER_PATHS,
} from '@waterops/shared/workorder';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { raiseBatch, raiseOne } from './raiseRouteKit.ts';
import { raiseBaseInTx } from './raiseWorkOrders.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['meterBase'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const access = {
  permission: PERMISSIONS.readingMeterBaseEdit,
  alsoPermitted: [PERMISSIONS.workOrderCreate],
  operation: 'workOrderRaise' as const,
};

export const meterBaseWorkOrderRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.post(
    path(WORK_ORDER_PATHS.meterBaseWorkOrder),
    {
      config: access,
      schema: {
        tags,
        summary: 'A reading-exception work order for an abnormal month-end base',
        description:
          'Keyed by the meter and the first anomaly the check found: an open order for them is answered with ' +
          "created false. 404: no such base in the tenant and the caller's data scope; resp_code 1: the base shows " +
          'no anomaly, or an assignment the caller may not make. Nothing is written unless the answer is a success.',
        body: MeterBaseWorkOrder,
        response: { 200: Result(Type.Union([RaiseResult, Type.Null()])), ...errors },
      },
    },
    async (request) => raiseOne(app, request, raiseBaseInTx, request.body, `meter base #${request.body.id}`, now()),
  );

  app.post(
    path(WORK_ORDER_PATHS.meterBaseBatchWorkOrder),
    {
      config: access,
      schema: {
        tags,
        summary: 'Reading-exception work orders for up to 500 bases, a result per base in the order given',
        body: MeterBaseBatchWorkOrder,
        response: { 200: Result(Type.Array(BatchRaiseItem)), ...errors },
      },
    },
    async (request) => {
      const { ids, ...choices } = request.body;
      const bases = ids.map((id) => ({ ...choices, id }));
      return raiseBatch(app, request, raiseBaseInTx, bases, 'meter bases', now());
    },
  );
};
