// OpenAPI document generated from route schemas, and the Swagger UI at /docs (stub; being made real).
import type { FastifyPluginAsync } from 'fastify';

export const apiDocs: FastifyPluginAsync = async () => {};
