// Liveness and readiness probes for load balancers and orchestrators: /healthz says the process answers,
// /readyz says it can serve (database open, migrations done...) as judged by the caller's `ready()`.
import type { FastifyPluginAsync } from 'fastify';

export type HealthOptions = { ready: () => Promise<boolean> };

/** How long /readyz waits for `ready()` before calling the instance not ready. */
export const READY_TIMEOUT_MS = 2_000;

const readyWithin = async (ready: () => Promise<boolean>, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    // A throwing check counts as "not ready" rather than a 500: probes only need a yes or no.
    return await Promise.race([
      ready().then(
        (r) => r === true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
};

const StatusBody = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] } },
  required: ['status'],
} as const;

export const health: FastifyPluginAsync<HealthOptions> = async (fastify, opts) => {
  // Probes hit these every few seconds: keep them out of the info-level request log.
  const common = { logLevel: 'warn', config: { public: true } } as const;

  fastify.get(
    '/healthz',
    { ...common, schema: { tags: ['health'], summary: 'The process is alive', response: { 200: StatusBody } } },
    async () => ({ status: 'ok' }),
  );

  fastify.get(
    '/readyz',
    {
      ...common,
      schema: {
        tags: ['health'],
        summary: 'The instance can serve requests',
        response: { 200: StatusBody, 503: StatusBody },
      },
    },
    async (_request, reply) => {
      if (await readyWithin(opts.ready, READY_TIMEOUT_MS)) return { status: 'ok' };
      return reply.code(503).send({ status: 'unavailable' });
    },
  );
};
