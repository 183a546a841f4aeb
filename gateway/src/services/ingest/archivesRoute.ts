// POST /api-workbench/ingest/archives: archive sync from a head-end system (see archivesRepository.ts). Only a
// company key may sync archives: a concentrator's key speaks for that concentrator's data, not for the city.
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import type { MessageKey } from '@waterops/shared/i18n';
import { Archives, ArchivesReply, INGEST_PATHS } from '@waterops/shared/reading';
import { AppError } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import { syncArchives } from './archivesRepository.ts';
import type { DeviceKeyAuth } from './deviceKeyAuth.ts';

const ARCHIVES_BODY_LIMIT = 64 * 1024 * 1024;

export const archivesRoute: ServicePlugin<ServiceOptions & { auth: DeviceKeyAuth }> = async (app, { auth, now }) => {
  app.post(
    INGEST_PATHS.archives.slice('/api-workbench'.length),
    {
      config: { public: true },
      bodyLimit: ARCHIVES_BODY_LIMIT,
      schema: {
        tags: ['ingest'],
        security: [{ deviceKey: [] }],
        summary: 'Registers the places, devices and residents a head-end knows and WaterOps does not (company key)',
        body: Archives,
        response: { 200: Result(ArchivesReply), 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const owner = await auth.ownerOf(request);
      if (owner.concentratorId !== null) throw new AppError(403, 'ingest.concentratorKeyOnly');
      const { created, rejected } = await app.db
        .transaction()
        .execute((tx) => syncArchives(tx, owner.companyId, request.body as Archives, now()));
      return ok(
        {
          created,
          rejected: rejected.map((r) => ({
            ...r,
            message: request.t(`ingest.reject.${r.reason}` as MessageKey, { code: r.code ?? '' }),
          })),
        },
        request.t('common.success'),
      );
    },
  );
};
