// /api-workbench/dma/dmadistrictposition (spec §7): GET every outline the account may see (districts without one
// too, polygon null), POST one district's outline (set, or clear with null). BD-09 is stored as given; the server
// closes a ring whose first point is not repeated at the end.
import { type Static, Type } from '@sinclair/typebox';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import { closeRing, DistrictPosition, DistrictPositionSave, DMA_PATHS, validateDistrict } from '@waterops/shared/dma';
import { AppError, notFound } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { districtPositions, findDistrict, lockDistricts, updateDistrict } from './districtRepository.ts';

const path = (full: string) => full.slice('/api-workbench'.length);
const tags = ['dma'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export const districtPositionRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  app.get(
    path(DMA_PATHS.districtPosition),
    {
      config: { permission: PERMISSIONS.dmaDistrictView },
      schema: {
        tags,
        summary: "Every district's outline (closed BD-09 ring; null when not drawn yet)",
        response: { 200: Result(Type.Array(DistrictPosition)), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      return ok(await districtPositions(app.db, me.companyId, me.scope), request.t('common.success'));
    },
  );

  app.post(
    path(DMA_PATHS.districtPosition),
    {
      config: { permission: PERMISSIONS.dmaDistrictEdit, operation: 'districtOutline' },
      schema: {
        tags,
        summary: "Set (or clear, null) one district's outline",
        body: DistrictPositionSave,
        response: { 200: Result(DistrictPosition), ...errors },
      },
    },
    async (request) => {
      const me = app.principalOf(request);
      const { id, polygon } = request.body as Static<typeof DistrictPositionSave>;
      const at = now();
      const saved = await app.db.transaction().execute(async (tx) => {
        await lockDistricts(tx, me.companyId);
        const existing = await findDistrict(tx, me.companyId, id, me.scope);
        if (!existing) throw notFound();
        const violation = validateDistrict({ districtName: existing.district_name, polygon })[0];
        if (violation) throw new AppError(400, violation.message, violation.field);
        const ring = polygon ? closeRing(polygon) : null;
        await updateDistrict(tx, me.companyId, id, { polygon: ring ? JSON.stringify(ring) : null }, at);
        await recordRequestOperation(tx, request, me, {
          operation: 'districtOutline',
          detail: `district #${id} ${existing.district_name}: ${ring ? `${ring.length - 1} points` : 'cleared'}`,
          at,
        });
        return {
          id,
          districtName: existing.district_name,
          kind: Number(existing.kind),
          parentId: existing.parent_id,
          polygon: ring,
        };
      });
      return ok(saved, request.t('common.success'));
    },
  );
};
