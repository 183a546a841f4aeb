// Proxies one API prefix to an upstream speaking the same REST contract (stub; being made real).
import type { ApiPrefix } from '@waterops/shared/api';
import type { FastifyPluginAsync } from 'fastify';

export const upstreamProxy: FastifyPluginAsync<{
  prefix: ApiPrefix;
  upstream: string;
  timeoutMs: number;
}> = async () => {};
