// One error handler and one not-found handler for the whole app, so every failure has the same envelope
// `{resp_code, resp_msg, field?}` with a localized message: 400 names the bad field (and says when text is too
// long), 401/403/404/429 say what they mean, and a 500 says only "internal error" (the stack goes to the log, never
// to the client).
import type { ErrorBody } from '@waterops/shared/api';
import type { MessageKey } from '@waterops/shared/i18n';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
  params?: { missingProperty?: string; limit?: number };
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

const errorsPlugin: FastifyPluginAsync = async (fastify) => {
  fastify.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { resp_code: error.statusCode, resp_msg: request.t(error.key, error.params) };
      if (error.field) body.field = error.field;
      return send(reply, error.statusCode, body);
    }
    if (error.validation) {
      const field = validationField(error);
      // Text over its schema's limit (spec §5 "label at most 20 characters") says so, as the form does; a nullable
      // field lists its null branch first, so look at every error of the (one) field ajv stopped at.
      const tooLong = (error.validation as ValidationItem[]).find((v) => v.keyword === 'maxLength');
      if (tooLong?.params?.limit !== undefined)
        return send(reply, 400, {
          resp_code: 400,
          resp_msg: request.t('rules.text.tooLong', { max: tooLong.params.limit }),
          field,
        });
      return send(reply, 400, { resp_code: 400, resp_msg: request.t('errors.badRequest', { field }), field });
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
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { resp_code: 500, resp_msg: request.t('errors.internal') });
  });

  fastify.setNotFoundHandler((request, reply) =>
    send(reply, 404, { resp_code: 404, resp_msg: request.t('errors.routeNotFound') }),
  );
};

export const errors = fp(errorsPlugin, { name: 'waterops-errors', dependencies: ['waterops-i18n'] });
