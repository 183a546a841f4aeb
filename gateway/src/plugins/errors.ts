// One error handler and one not-found handler for the whole app, so every failure has the same envelope
// `{resp_code, resp_msg, field?}` with a localized message: 400 names the bad field (and says when text is too
// long, a number out of range, a NUL byte or a null where a value is needed), 401/403/404/429 say what they mean, a
// database outage is a 503 with Retry-After, and a 500 says only "internal error" (the stack goes to the log, never
// to the client, and the same error repeated is logged once with a count).
import type { ErrorBody } from '@waterops/shared/api';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyBaseLogger, FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NulByteError } from './typeBoxProvider.ts';

/** An expected failure a handler or hook raises: HTTP status, message key, and the request field it is about. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: MessageKey,
    readonly field?: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (field: string, key: MessageKey = 'errors.badRequest'): AppError =>
  new AppError(400, key, field, { field });
export const unauthorized = (): AppError => new AppError(401, 'errors.unauthorized');
export const forbidden = (): AppError => new AppError(403, 'errors.forbidden');
/** No such record in the caller's tenant: the same answer whether it does not exist or belongs to another tenant. */
export const notFound = (): AppError => new AppError(404, 'errors.notFound');

type ValidationItem = {
  keyword?: string;
  instancePath?: string;
  params?: { missingProperty?: string; limit?: number; type?: string };
};

/** The request field a schema violation is about: `nickname`, `items.0.code`, or the part (body, querystring). */
export const validationField = (error: FastifyError): string => {
  const first = error.validation?.[0] as ValidationItem | undefined;
  const path = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = first?.params?.missingProperty;
  const field = [path, missing].filter(Boolean).join('.');
  return field || error.validationContext || 'body';
};

const STATUS_KEYS: Record<number, MessageKey> = {
  401: 'errors.unauthorized',
  403: 'errors.forbidden',
  404: 'errors.routeNotFound',
  429: 'errors.tooManyRequests',
};

const send = (reply: FastifyReply, status: number, body: ErrorBody) => reply.code(status).send(body);

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

type CodedError = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and its causes (`cause`, and the attempts of an AggregateError: IPv6 then IPv4), a few levels deep. */
const chain = (error: unknown, depth = 0): CodedError[] => {
  if (!error || typeof error !== 'object' || depth > 4) return [];
  const e = error as CodedError;
  return [
    e,
    ...chain(e.cause, depth + 1),
    ...(Array.isArray(e.errors) ? e.errors.flatMap((x) => chain(x, depth + 1)) : []),
  ];
};

const OUTAGE_CODES = new Set([
  // the socket to PostgreSQL: refused, reset, timed out, no route, no such host
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL shutting down or starting, and too many connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
/** pg's and PGlite's words for a connection that is gone (they carry no code) */
const OUTAGE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|PGlite is closed/i;

/** Whether the error means the database cannot be reached (a 503: try again later), not that the request is bad. */
export const isDatabaseOutage = (error: unknown): boolean =>
  chain(error).some(
    (e) =>
      (typeof e.code === 'string' && (OUTAGE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) ||
      (typeof e.message === 'string' && OUTAGE_MESSAGE.test(e.message)),
  );

/** A deadlock or serialization failure: PostgreSQL rolled the statement back and the same work may simply run again. */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/**
 * Whether running the same work again may succeed: a deadlock, a serialization failure or a database outage (a job
 * retries these; a request answers them with 503 or lets the client retry).
 */
export const isTransientDatabaseError = (error: unknown): boolean =>
  isDatabaseOutage(error) || chain(error).some((e) => typeof e.code === 'string' && CONFLICT_CODES.has(e.code));

/**
 * Whether PostgreSQL refused a value (SQLSTATE class 22, data exception: out of range, NUL or invalid byte
 * sequence, invalid text representation, datetime overflow...). The schemas should refuse such values first; this
 * is the safety net that keeps one missing bound a 400 rather than a 500.
 */
export const isDataException = (error: unknown): boolean =>
  chain(error).some((e) => typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code) && e.code !== '22012');

/** Busboy's words for a multipart body that cannot be parsed (it raises plain Errors without a status). */
const MALFORMED_MULTIPART = /Multipart: |multipart data|Malformed part header|Unexpected end of form/i;
const isMalformedUpload = (request: FastifyRequest, error: { statusCode?: number; message: string }): boolean =>
  error.statusCode === undefined &&
  /^multipart\//i.test(String(request.headers['content-type'] ?? '')) &&
  MALFORMED_MULTIPART.test(error.message);

/** The value a validation error points at (to tell a null from a wrong type). */
const valueAt = (request: FastifyRequest, context: string | undefined, instancePath: string): unknown => {
  const part =
    context === 'body'
      ? request.body
      : context === 'querystring'
        ? request.query
        : context === 'params'
          ? request.params
          : undefined;
  let value: unknown = part;
  for (const key of instancePath.split('/').slice(1)) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
};

/**
 * Logs a server error once per kind (status, code, message, route) per window: the first with its stack, then one
 * line with how many more came. A flood of one bad request (29,226 500s in 5 s wrote ~77 MB of stacks) becomes two
 * lines a minute.
 */
export class ErrorLogThrottle {
  private readonly seen = new Map<string, { repeats: number; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly windowMs = 60_000,
    /** kinds tracked at once; past it, new kinds share one entry (the map never grows without bound) */
    private readonly maxKinds = 500,
  ) {}

  /** Logs `details` at `level` unless the same kind was logged in this window; then only counts it. */
  note(kind: string, level: 'error' | 'warn', details: Record<string, unknown>, message: string): void {
    const key = this.seen.size >= this.maxKinds && !this.seen.has(kind) ? '(other errors)' : kind;
    const entry = this.seen.get(key);
    if (entry) {
      entry.repeats++;
      return;
    }
    this.log[level](details, message);
    const timer = setTimeout(() => this.flush(key, level, message), this.windowMs);
    timer.unref();
    this.seen.set(key, { repeats: 0, timer });
  }

  private flush(key: string, level: 'error' | 'warn', message: string): void {
    const entry = this.seen.get(key);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.seen.delete(key);
    if (entry.repeats > 0)
      this.log[level](
        { kind: key, repeats: entry.repeats, windowSeconds: this.windowMs / 1000 },
        `${message}: the same error ${entry.repeats} more times`,
      );
  }

  /** Writes the counts still pending (on close, so none is lost). */
  flushAll(): void {
    for (const key of [...this.seen.keys()]) this.flush(key, 'error', 'request failed');
  }
}

const errorsPlugin: FastifyPluginAsync = async (fastify) => {
  const throttle = new ErrorLogThrottle(fastify.log);
  fastify.addHook('onClose', async () => throttle.flushAll());
  /** what a failure is, for the log throttle: the same kind on the same route is one entry */
  const kindOf = (request: FastifyRequest, status: number, error: CodedError) =>
    `${status} ${String(error.code ?? '')} ${String(error.message ?? '').slice(0, 200)} ${request.routeOptions.url ?? ''}`;

  fastify.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { resp_code: error.statusCode, resp_msg: request.t(error.key, error.params) };
      if (error.field) body.field = error.field;
      return send(reply, error.statusCode, body);
    }
    if (error instanceof NulByteError)
      return send(reply, 400, {
        resp_code: 400,
        resp_msg: request.t('errors.nulByte', { field: error.field }),
        field: error.field,
      });
    if (error.validation) {
      const field = validationField(error);
      const items = error.validation as ValidationItem[];
      // Text over its schema's limit (spec §5 "label at most 20 characters") says so, as the form does; a nullable
      // field lists its null branch first, so look at every error of the (one) field ajv stopped at.
      const tooLong = items.find((v) => v.keyword === 'maxLength');
      if (tooLong?.params?.limit !== undefined)
        return send(reply, 400, {
          resp_code: 400,
          resp_msg: request.t('rules.text.tooLong', { max: tooLong.params.limit }),
          field,
        });
      // A number past its bounds says which bound (0 where the minimum is 1; 2^70 past a column's range)
      const bound = items.find((v) => /^(exclusiveM|m)(inimum|aximum)$/.test(v.keyword ?? ''));
      if (bound?.params?.limit !== undefined)
        return send(reply, 400, {
          resp_code: 400,
          resp_msg: request.t(/inimum$/.test(bound.keyword ?? '') ? 'errors.tooSmall' : 'errors.tooLarge', {
            field,
            limit: bound.params.limit,
          }),
          field,
        });
      // null where a value is required: say "cannot be empty" (it used to be stored as 0)
      const first = items[0];
      if (first?.keyword === 'type' && valueAt(request, error.validationContext, first.instancePath ?? '') === null)
        return send(reply, 400, { resp_code: 400, resp_msg: request.t('errors.nullNotAllowed', { field }), field });
      return send(reply, 400, { resp_code: 400, resp_msg: request.t('errors.badRequest', { field }), field });
    }
    if (isMalformedUpload(request, error)) {
      request.log.info({ err: error }, 'malformed multipart body');
      return send(reply, 400, { resp_code: 400, resp_msg: request.t('errors.badUpload'), field: 'file' });
    }
    if (isDatabaseOutage(error)) {
      throttle.note(kindOf(request, 503, error), 'error', { err: error }, 'database unreachable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return send(reply, 503, { resp_code: 503, resp_msg: request.t('errors.databaseDown') });
    }
    if (isDataException(error)) {
      // a value the schema let through but PostgreSQL cannot hold: a bound is missing somewhere, so say where
      throttle.note(
        kindOf(request, 400, error),
        'warn',
        { err: error, route: request.routeOptions.url },
        'value refused by the database',
      );
      return send(reply, 400, { resp_code: 400, resp_msg: request.t('errors.badValue') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework and plugin errors with a client status: malformed JSON, wrong content type, rate limit...
      request.log.info({ code: error.code, status }, error.message);
      return send(reply, status, {
        resp_code: status,
        resp_msg: request.t(STATUS_KEYS[status] ?? 'errors.invalidRequest'),
      });
    }
    throttle.note(kindOf(request, 500, error), 'error', { err: error }, 'request failed');
    return send(reply, 500, { resp_code: 500, resp_msg: request.t('errors.internal') });
  });

  fastify.setNotFoundHandler((request, reply) =>
    send(reply, 404, { resp_code: 404, resp_msg: request.t('errors.routeNotFound') }),
  );
};

export const errors = fp(errorsPlugin, { name: 'waterops-errors', dependencies: ['waterops-i18n'] });
