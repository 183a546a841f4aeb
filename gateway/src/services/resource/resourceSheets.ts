// Spreadsheet routes of a resource list (issue 3): export with the list's own filters, sort and tenant scope; the
// import template; upload → an asynchronous import job saved row by row through the resource's save path; the job's
// state; its failed rows as a file. Registered by registerResource when the descriptor has `export` / `import`.
import multipart from '@fastify/multipart';
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import {
  ErrorBody,
  EXPORT_MAX_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportJob,
  ImportJobParams,
  ok,
  Result,
  SortQuery,
  XLSX_CONTENT_TYPE,
} from '@waterops/shared/api';
import { LOCALES, type MessageKey, translate } from '@waterops/shared/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/tables.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { TypedApp } from '../../plugins/typeBoxProvider.ts';
import { recordRequestOperation } from '../log/operationLogRepository.ts';
import { failStaleJobs, findFailures, findImportJob, insertImportJob, STALE_JOB_MS } from './importJobRepository.ts';
import { runImport } from './importJobRunner.ts';
import type { Refusal, ResourceDescriptor, ResourceKit } from './registerResource.ts';
import type { SortTerm } from './resourceQuery.ts';
import { countRows, type DbRow, type ListCondition, listRows } from './resourceRepository.ts';
import { type SchemaProblem, schemaProblem } from './schemaProblem.ts';
import { type CellKind, contentDisposition, fileStamp, looksLikeXlsx, matchColumns } from './sheetCells.ts';
import { readFirstSheet, type SheetData, writeWorkbook } from './xlsxSheet.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** One exported column: its header (server catalogue) and its cell, read from the list row in the request language. */
export type ExportColumn<Row> = { header: MessageKey; value: (row: Row, t: Translate) => string | number | null };

export type ExportSpec<Row> = {
  /** the file's name before `-<YYYYMMDDHHmmss>.xlsx` (and the sheet's) */
  fileName: MessageKey;
  columns: readonly ExportColumn<Row>[];
};

/** One imported column: the save-body field it fills, its header, how its cell is read, and a note for the template. */
export type ImportColumn = {
  field: string;
  header: MessageKey;
  kind: CellKind;
  note?: MessageKey;
  /** the sheet may leave the column out (its cells are then empty); required columns must be there */
  optional?: boolean;
};

/** A row's parsed cells (by field) → the save body, or a refusal that fails the row with its message. */
export type RowReader<Body> = (cells: Record<string, unknown>) => { body: Body } | { refusal: Refusal };

export type ImportSpec<Body> = {
  fileName: MessageKey;
  columns: readonly ImportColumn[];
  /** loads what rows refer to (role names…) once per job; default: the parsed cells are the body */
  prepare?: (db: Kysely<DB>, companyId: number) => Promise<RowReader<Body>>;
};

const binary = (description: string) => ({
  description,
  content: { [XLSX_CONTENT_TYPE]: { schema: Type.String({ format: 'binary' }) } },
});

const sendXlsx = (reply: FastifyReply, name: string, content: Buffer) =>
  reply.header('content-type', XLSX_CONTENT_TYPE).header('content-disposition', contentDisposition(name)).send(content);

const ENRICH_CHUNK = 1000;

/** A file name fit to show: no folders, no control characters, not too long. */
const cleanName = (name: string | undefined): string =>
  [...(name ?? '').replace(/\\/g, '/').split('/').pop()!]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .slice(0, 200) || 'import.xlsx';

export const registerSheets = <R extends TObject, S extends TObject, F extends TObject>(
  app: TypedApp,
  d: ResourceDescriptor<R, S, F>,
  kit: ResourceKit<S>,
  now: () => Date,
): void => {
  const listPath = d.paths.list;
  if (!listPath) return;
  const tags = [d.name];
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
  const tOf = (request: FastifyRequest): Translate => request.t.bind(request);

  if (d.export) {
    const spec = d.export;
    app.route({
      method: 'GET',
      url: `${listPath}/export`,
      config: { permission: d.permissions.read },
      schema: {
        tags,
        summary: `The tenant's ${d.name}s matching the list's filters and sort, as .xlsx (at most ${EXPORT_MAX_ROWS} rows)`,
        description: 'More matching rows than the cap answer 400 with the message and produce nothing.',
        querystring: Type.Composite([d.schemas.filters, SortQuery(Object.keys(d.sortable))]),
        response: { 200: binary('the .xlsx file, headers in the request language'), ...errors },
      },
      handler: async (request, reply) => {
        const me = app.principalOf(request);
        const t = tOf(request);
        const { conditions, sort } = kit.listCriteria(request);
        const rows = await exportRows(app.db, d, me.companyId, conditions, sort);
        const apiRows: Static<R>[] = [];
        for (let i = 0; i < rows.length; i += ENRICH_CHUNK)
          for (const r of await kit.enrich(me.companyId, rows.slice(i, i + ENRICH_CHUNK)))
            apiRows.push(d.toRow(r, request.locale));
        const at = now();
        const content = await writeWorkbook([
          {
            name: t(spec.fileName),
            headers: spec.columns.map((c) => t(c.header)),
            rows: apiRows.map((row) => spec.columns.map((c) => c.value(row, t))),
          },
        ]);
        // an export reveals data: who took which rows is in the log
        const query = request.query as Record<string, unknown>;
        const used = Object.fromEntries(
          [...Object.keys(d.filters), 'sort', 'order'].filter((k) => query[k] !== undefined).map((k) => [k, query[k]]),
        );
        await recordRequestOperation(app.db, request, me, {
          operation: 'dataExport',
          detail: `${d.name} ${rows.length} rows ${JSON.stringify(used)}`,
          at,
        });
        return sendXlsx(reply as FastifyReply, `${t(spec.fileName)}-${fileStamp(at)}.xlsx`, content);
      },
    });
  }

  const spec = d.import;
  if (!spec) return;
  const write = { permission: d.permissions.write };
  const headersIn = (t: Translate) => spec.columns.map((c) => t(c.header));

  app.route({
    method: 'GET',
    url: `${listPath}/import/template`,
    config: write,
    schema: {
      tags,
      summary: `The ${d.name} import template: a sheet with the import columns' headers, and a notes sheet`,
      response: { 200: binary('the .xlsx template, headers in the request language'), ...errors },
    },
    handler: async (request, reply) => {
      const t = tOf(request);
      const sheets: SheetData[] = [
        { name: t(spec.fileName), headers: headersIn(t), rows: [] },
        {
          name: t('sheet.notes'),
          headers: [t('sheet.column'), t('sheet.note')],
          rows: spec.columns.map((c) => [t(c.header), c.note ? t(c.note) : '']),
        },
      ];
      return sendXlsx(
        reply as FastifyReply,
        `${t(spec.fileName)}-${t('sheet.template')}.xlsx`,
        await writeWorkbook(sheets),
      );
    },
  });

  // Jobs are run by the process that took the upload; on close it stops them between rows (they end failed).
  const running = new Set<Promise<void>>();
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...running]);
  });
  // Restart recovery: a job whose runner went silent (its process died) ends failed, at start and when read.
  const staleBefore = () => new Date(now().getTime() - STALE_JOB_MS);
  app.addHook('onReady', async () => {
    await failStaleJobs(app.db, d.name, staleBefore(), now());
  });

  const check = (body: Static<S>): SchemaProblem | null => schemaProblem(d.schemas.save as TSchema, body);

  const upload = async (request: FastifyRequest) => {
    const me = app.principalOf(request);
    if (!request.isMultipart()) throw badRequest('file');
    const part = await request.file();
    if (part?.fieldname !== 'file') throw badRequest('file');
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(400, 'import.tooLarge', 'file');
      throw e;
    }
    if (content.length > IMPORT_MAX_BYTES) throw new AppError(400, 'import.tooLarge', 'file');
    if (!looksLikeXlsx(content)) throw new AppError(400, 'import.notXlsx', 'file');

    const at = now();
    const fileName = cleanName(part.filename);
    let failure: string | undefined;
    let rows: Awaited<ReturnType<typeof readFirstSheet>>['rows'] = [];
    let indexes: number[] = [];
    try {
      const sheet = await readFirstSheet(content);
      rows = sheet.rows;
      if (rows.length > IMPORT_MAX_ROWS)
        throw new AppError(400, 'import.tooManyRows', 'file', { max: IMPORT_MAX_ROWS });
      if (rows.length === 0) throw new AppError(400, 'import.noRows', 'file');
      // the column's header in the request's language first, then in the others
      const names = spec.columns.map((c) => [
        request.t(c.header),
        ...LOCALES.filter((l) => l !== request.locale).map((l) => translate(c.header, l)),
      ]);
      const matched = matchColumns(
        sheet.headers,
        names,
        spec.columns.map((c) => c.optional === true),
      );
      if ('missing' in matched) failure = request.t('import.missingColumns', { columns: matched.missing.join(', ') });
      else indexes = matched.indexes;
    } catch (e) {
      if (e instanceof AppError) throw e;
      failure = request.t('import.unreadable');
    }

    const jobId = await insertImportJob(app.db, {
      companyId: me.companyId,
      resource: d.name,
      userId: me.userId,
      username: me.username,
      locale: request.locale,
      fileName,
      total: failure ? 0 : rows.length,
      at,
      ...(failure ? { error: failure } : {}),
    });
    await recordRequestOperation(app.db, request, me, {
      operation: 'dataImport',
      detail: `${d.name} job #${jobId} ${fileName} ${failure ? 0 : rows.length} rows`,
      at,
    });
    if (!failure) {
      const actor = { me, ip: request.ip };
      const run = (async () => {
        const toBody: RowReader<Static<S>> = spec.prepare
          ? await spec.prepare(app.db, me.companyId)
          : (cells) => ({ body: cells as Static<S> });
        await runImport({
          db: app.db,
          log: request.log,
          companyId: me.companyId,
          jobId,
          locale: request.locale,
          columns: spec.columns,
          indexes,
          rows,
          toBody,
          check,
          save: (body) => kit.saveRecord(actor, body, 'create'),
          now,
          stopping: () => closing,
        });
      })().catch((e: unknown) => request.log.error({ err: e, jobId }, 'import job crashed'));
      running.add(run);
      void run.finally(() => running.delete(run));
    }
    return ok((await findImportJob(app.db, me.companyId, d.name, jobId)) as ImportJob, request.t('common.success'));
  };

  // multipart only in this child context (the parser and its request decorators stay out of the other routes)
  app.register(async (child) => {
    await child.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    child.route({
      method: 'POST',
      url: `${listPath}/import`,
      config: write,
      // the handler reads the multipart stream itself (size cut at the limit); the schema is for the API docs
      validatorCompiler: () => () => true,
      schema: {
        tags,
        summary: `Import ${d.name}s from an .xlsx (multipart field \`file\`, ≤ 5 MB, ≤ ${IMPORT_MAX_ROWS} rows): answers the job at once`,
        description:
          'Rows are saved one by one in the background with the same rules as a save; poll the job. A file that is not an .xlsx answers 400 and creates nothing; one that cannot be read creates a failed job.',
        consumes: ['multipart/form-data'],
        body: Type.Object({ file: Type.String({ format: 'binary' }) }),
        response: { 200: Result(ImportJob), ...errors },
      },
      handler: upload,
    });
  });

  app.route({
    method: 'GET',
    url: `${listPath}/import/jobs/:id`,
    config: write,
    schema: {
      tags,
      summary: `A ${d.name} import job of the tenant: state (waiting, importing, success, failed) and counts`,
      params: ImportJobParams,
      response: { 200: Result(ImportJob), ...errors },
    },
    handler: async (request) => {
      const me = app.principalOf(request);
      const { id } = request.params as Static<typeof ImportJobParams>;
      await failStaleJobs(app.db, d.name, staleBefore(), now(), { companyId: me.companyId, id });
      const job = await findImportJob(app.db, me.companyId, d.name, id);
      if (!job) throw notFound();
      return ok(job, request.t('common.success'));
    },
  });

  app.route({
    method: 'GET',
    url: `${listPath}/import/jobs/:id/failures`,
    config: write,
    schema: {
      tags,
      summary: `The failed rows of a ${d.name} import job as .xlsx: the import columns plus the reason`,
      description:
        'The reason column comes last and is ignored on import, so the file can be corrected and imported again.',
      params: ImportJobParams,
      response: { 200: binary('the .xlsx of failed rows'), ...errors },
    },
    handler: async (request, reply) => {
      const me = app.principalOf(request);
      const { id } = request.params as Static<typeof ImportJobParams>;
      const failures = await findFailures(app.db, me.companyId, d.name, id);
      if (!failures) throw notFound();
      const t = tOf(request);
      const content = await writeWorkbook([
        {
          name: t('sheet.failures'),
          headers: [...headersIn(t), t('sheet.reason')],
          rows: failures.map((f) => [...spec.columns.map((c) => f.values[c.field] ?? ''), f.reason]),
        },
      ]);
      return sendXlsx(
        reply as FastifyReply,
        `${t(spec.fileName)}-${t('sheet.failures')}-${fileStamp(now())}.xlsx`,
        content,
      );
    },
  });
};

/** Every row an export takes, by the list's query; over the cap: the refusal, nothing read. */
const exportRows = async <R extends TObject, S extends TObject, F extends TObject>(
  db: Kysely<DB>,
  d: ResourceDescriptor<R, S, F>,
  companyId: number,
  conditions: ListCondition[],
  sort: SortTerm[],
): Promise<DbRow[]> => {
  const count = await countRows(db, d.table, companyId, conditions);
  if (count > EXPORT_MAX_ROWS) throw new AppError(400, 'export.tooMany', undefined, { max: EXPORT_MAX_ROWS });
  const { rows } = await listRows(db, d.table, d.columns, companyId, {
    conditions,
    sort,
    offset: 0,
    limit: EXPORT_MAX_ROWS,
  });
  return rows;
};
