// POST pipeNetPipeLine/importInp: an EPANET .inp (multipart `file`, ≤ 20 MB) with the origin (BD-09 lng, lat), an
// optional code prefix, scale and rotation. The whole network goes in one transaction or nothing does: a file with
// errors answers 400 naming their lines, a code the tenant already holds answers 400 listing the first clashes.
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { ErrorBody, ok, Result } from '@waterops/shared/api';
import { PERMISSIONS } from '@waterops/shared/auth';
import type { MessageKey } from '@waterops/shared/i18n';
import {
  EPANET_MAX_BYTES,
  EPANET_PREFIX_PATTERN,
  EpanetImport,
  EpanetImportFields,
  type EpanetIssue,
  NETWORK_PATHS,
  PIPE_CODE_MAX,
  PIPE_PATH_MAX_POINTS,
  WELL_CODE_MAX,
} from '@waterops/shared/network';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../plugins/errors.ts';
import type { ServicePlugin } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import type { ServiceOptions } from '../serviceOptions.ts';
import type { InpIssue } from './epanet/inpNetwork.ts';
import { parseInp } from './epanet/parseInp.ts';
import { placeNetwork } from './epanet/placeNetwork.ts';
import { planImport } from './epanetImportPlan.ts';
import { codeClashes, writePlan } from './epanetImportRepository.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
/** Lines named in an error message: enough to find them, short enough to read. */
const MAX_LINES_SHOWN = 10;

type Upload = { content: Buffer; fields: Record<string, string> };

/** Reads the multipart body: the file (cut at the size limit) and the text fields, in any order. */
const readUpload = async (request: FastifyRequest): Promise<Upload> => {
  if (!request.isMultipart()) throw new AppError(400, 'network.import.noFile', 'file');
  const fields: Record<string, string> = {};
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || content) throw badRequest(part.fieldname);
        content = await part.toBuffer();
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(400, 'network.import.tooLarge', 'file');
    throw e;
  }
  if (!content || content.length === 0) throw new AppError(400, 'network.import.noFile', 'file');
  return { content, fields };
};

/** The text fields as the schema wants them (numbers from text; empty means the default). */
const importOptions = (fields: Record<string, string>): EpanetImportFields => {
  const raw: Record<string, unknown> = {};
  for (const key of ['lng', 'lat', 'rotation'] as const) {
    const v = fields[key]?.trim();
    if (v !== undefined && v !== '') raw[key] = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(v) ? Number(v) : v;
  }
  const scale = fields.scale?.trim();
  if (scale) raw.scale = scale === 'fitLengths' ? scale : /^(\d+\.?\d*|\.\d+)$/.test(scale) ? Number(scale) : scale;
  if (fields.prefix !== undefined) raw.prefix = fields.prefix.trim();
  const value = Value.Default(EpanetImportFields, raw);
  const first = Value.Errors(EpanetImportFields, value).First();
  if (first) throw badRequest(first.path.replace(/^\//, '') || 'body');
  return value as EpanetImportFields;
};

export const epanetImportRoutes: ServicePlugin<ServiceOptions> = async (app, { now }) => {
  const issueText = (request: FastifyRequest, i: InpIssue): EpanetIssue => ({
    line: i.line,
    message: request.t(`network.inp.${i.code}` as MessageKey, i.params),
  });

  // multipart only in this child context (its parser and decorators stay out of the other routes)
  await app.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: EPANET_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
    child.route({
      method: 'POST',
      url: NETWORK_PATHS.epanetImport.slice('/api-workbench'.length),
      config: { permission: PERMISSIONS.networkPipelineEdit, operation: 'epanetImport' },
      // the handler reads the multipart stream itself; the schema is for the API docs
      validatorCompiler: () => () => true,
      schema: {
        tags: ['pipeline'],
        summary:
          'Import an EPANET .inp (multipart `file`, ≤ 20 MB; fields lng, lat (BD-09 origin), prefix, scale, rotation)',
        description:
          'Junctions, tanks and reservoirs become wells (types 4, 5, 6), pipes pipelines, valves valves; pumps are skipped. One transaction: a parse error or a code already held answers 400 and writes nothing.',
        consumes: ['multipart/form-data'],
        body: Type.Object({
          file: Type.String({ format: 'binary' }),
          lng: Type.Number(),
          lat: Type.Number(),
          // documentation only (a multipart body is read by readUpload and checked with EpanetImportFields)
          prefix: Type.Optional(Type.String({ pattern: EPANET_PREFIX_PATTERN })),
          scale: Type.Optional(Type.String({ maxLength: 20 })),
          rotation: Type.Optional(Type.Number()),
        }),
        response: { 200: Result(EpanetImport), ...errors },
      },
      handler: async (request) => {
        const me = app.principalOf(request);
        const { content, fields } = await readUpload(request);
        const options = importOptions(fields);
        if (content.includes(0)) throw new AppError(400, 'network.import.notText', 'file');
        const parsed = parseInp(content.toString('utf8'));
        if (!parsed.ok || !parsed.network) {
          const lines = [...new Set(parsed.errors.flatMap((e) => (e.line === null ? [] : [e.line])))];
          const first = parsed.errors[0] as InpIssue;
          throw new AppError(400, 'network.import.errors', 'file', {
            count: parsed.errors.length,
            lines: lines.length
              ? lines.slice(0, MAX_LINES_SHOWN).join(', ') + (lines.length > MAX_LINES_SHOWN ? ', …' : '')
              : '-',
            first: issueText(request, first).message,
          });
        }
        const placed = placeNetwork(parsed.network, {
          origin: [options.lng, options.lat],
          scale: options.scale,
          rotationDeg: options.rotation,
        });
        const plan = planImport(placed, options.prefix);
        const long = [...plan.wells.map((w) => w.wellCode), ...plan.pipes.map((p) => p.pipeCode)].find(
          (c) => c.length > Math.min(WELL_CODE_MAX, PIPE_CODE_MAX),
        );
        if (long) throw new AppError(400, 'network.import.codeTooLong', 'prefix', { code: long, max: WELL_CODE_MAX });
        const crowded = plan.pipes.find((p) => (p.path?.length ?? 0) > PIPE_PATH_MAX_POINTS);
        if (crowded)
          throw new AppError(400, 'network.import.tooManyPoints', 'file', {
            id: crowded.pipeCode,
            max: PIPE_PATH_MAX_POINTS,
          });
        const at = now();
        await app.db.transaction().execute(async (tx) => {
          const clashes = await codeClashes(tx, me.companyId, plan);
          if (clashes.length > 0)
            throw new AppError(400, 'network.import.codeClash', 'prefix', {
              codes: clashes.map((c) => c.code).join(', '),
            });
          await writePlan(tx, me.companyId, plan, at);
          await recordRequestOperation(tx, request, me, {
            operation: 'epanetImport',
            detail: `${parsed.network?.title || 'EPANET'}: ${plan.wells.length} wells, ${plan.pipes.length} pipelines, ${plan.valves.length} valves`,
            at,
          });
        });
        const reply: EpanetImport = {
          ...plan.counts,
          pipelines: plan.pipes.length,
          valves: plan.valves.length,
          skipped: plan.skippedPumps.map((id) => ({ kind: 'pump' as const, id })),
          warnings: [
            ...parsed.warnings.map((w) => issueText(request, w)),
            ...plan.skippedPumps.map((id) => ({ line: null, message: request.t('network.inp.pumpSkipped', { id }) })),
          ],
          scale: placed.scale,
        };
        return ok(reply, request.t('common.success'));
      },
    });
  });
};
