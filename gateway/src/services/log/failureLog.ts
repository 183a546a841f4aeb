// Logs refused changes app-wide: when a change on a route that declares a permission is answered with an error (or
// a business refusal), an operation-log entry with result 'failed' and the message answered is written after the
// response has gone out — fire and forget, so logging can neither fail nor slow the request.
import type { Operation } from '@waterops/shared/user';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../../plugins/sessionCache.ts';
import { bearerToken, hashToken } from '../uaa/accessToken.ts';
import { findActiveSession } from '../uaa/tokenRepository.ts';
import { failureReason, requestLine } from './failedAttempt.ts';
import { type OperationRecord, recordOperation, recordRequestOperation } from './operationLogRepository.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the operation a failed attempt on this route is logged as (default 'request', detail `METHOD /path`) */
    operation?: Operation;
  }
  interface FastifyInstance {
    /** writes a 'failed' operation-log entry in the background; errors are logged, never thrown */
    logFailedAttempt(record: Omit<OperationRecord, 'result'> & { reason: string }): void;
    /** resolves once the failed-attempt entries of the requests answered so far are written (tests, shutdown) */
    failureLogSettled(): Promise<void>;
  }
}

export type FailureLogOptions = { now: () => Date };

type Caller = Pick<Principal, 'companyId' | 'userId' | 'username'>;

const failureLogPlugin: FastifyPluginAsync<FailureLogOptions> = async (fastify, { now }) => {
  const writing = new Set<Promise<void>>();
  const reasons = new WeakMap<FastifyRequest, string>();

  const track = (work: Promise<void>) => {
    const done = work
      .catch((err: unknown) => fastify.log.error({ err }, 'writing a failed attempt to the operation log failed'))
      .finally(() => writing.delete(done));
    writing.add(done);
  };

  fastify.decorate('logFailedAttempt', (record) => track(recordOperation(fastify.db, { ...record, result: 'failed' })));
  const settled = async () => {
    // onResponse runs in the answer's 'finish' event: let the events of answers just delivered run first.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.allSettled([...writing]);
  };
  fastify.decorate('failureLogSettled', settled);

  /** Who made a request the auth plugin refused with 403 (it sets no principal then): the session of its token. */
  const callerOf = async (request: FastifyRequest): Promise<Caller | null> => {
    if (request.principal) return request.principal;
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const at = now();
    return fastify.sessions.get(tokenHash, at) ?? (await findActiveSession(fastify.db, tokenHash, at)) ?? null;
  };

  // onSend sees the answer's body; the entry is written in onResponse, once the answer has been sent.
  fastify.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    const reason = failureReason({
      method: request.method,
      declaresPermission: typeof config?.permission === 'string',
      declaresOperation: typeof config?.operation === 'string',
      statusCode: reply.statusCode,
      payload,
    });
    if (reason !== null) reasons.set(request, reason);
    return payload;
  });

  fastify.addHook('onResponse', async (request) => {
    const reason = reasons.get(request);
    if (reason === undefined) return;
    reasons.delete(request);
    const at = now();
    track(
      callerOf(request).then(async (caller) => {
        if (!caller) return;
        await recordRequestOperation(fastify.db, request, caller, {
          operation: request.routeOptions.config?.operation ?? 'request',
          detail: requestLine(request.method, request.url),
          at,
          result: 'failed',
          reason,
        });
      }),
    );
  });

  // Entries still being written when the app closes are finished before the database closes.
  fastify.addHook('onClose', settled);
};

export const failureLog = fp(failureLogPlugin, {
  name: 'waterops-failure-log',
  dependencies: ['waterops-db', 'waterops-auth'],
});
