// The OpenAPI 3 document, generated from the route schemas, and Swagger UI at /docs (assets ship with the
// package, so it works offline). Wrapped with fastify-plugin so swagger's onRoute hook sees every later route.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/docs';

const apiDocsPlugin: FastifyPluginAsync = async (fastify) => {
  await fastify.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'WaterOps API',
        description:
          'REST API of WaterOps. Sign in with POST /api-uaa/oauth/token, then send `Authorization: bearer <token>`. ' +
          'Messages follow Accept-Language (zh-CN by default, en).',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'access_token from /oauth/token' } },
      },
      security: [{ bearer: [] }],
    },
    // Proxied prefixes are wildcards onto another server: they describe nothing, so leave them out.
    transform: ({ schema, url, route }) => {
      const hidden = (route.config as { proxied?: boolean } | undefined)?.proxied === true;
      return { schema: hidden ? { ...schema, hide: true } : schema, url };
    },
  });
  // swagger-ui sets no route config of its own; mark its routes public in a child context so the hook stays local.
  await fastify.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true } as FastifyContextConfig;
      route.logLevel ??= 'warn';
    });
    await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
  });
};

export const apiDocs = fp(apiDocsPlugin, { name: 'waterops-api-docs' });
