// Liveness (/healthz) and readiness (/readyz) probes (stub; being made real).
import type { FastifyPluginAsync } from 'fastify';

export const health: FastifyPluginAsync<{ ready: () => Promise<boolean> }> = async () => {};
