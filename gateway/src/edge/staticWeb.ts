// Serves the built web app (stub; being made real).
import type { FastifyPluginAsync } from 'fastify';

export const staticWeb: FastifyPluginAsync<{ distDir: string }> = async () => {};
