// The OpenAPI 3 document, generated from the route schemas, and Swagger UI at /docs (assets ship with the
// package, so it works offline). Wrapped with fastify-plugin so swagger's onRoute hook sees every later route.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyContextConfig, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/docs';

const apiDocsPlugin: FastifyPluginAsync = async (fastify) => {
  // The auth plugin refuses, at registration, routes that do not declare public/permission, and its onRoute hook
  // runs before ours below; swagger-ui cannot be given route config. So the docs must come first.
  if (fastify.hasPlugin('waterops-auth'))
    throw new Error('register apiDocs before the auth plugin (swagger-ui routes are marked public by apiDocs itself)');
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
    // Proxied prefixes are wildcards onto another server: they describe nothing, so leave them out. Public routes
    // (sign-in, captcha, health) need no token: say so instead of inheriting the global bearer requirement.
    transform: ({ schema, url, route }) => {
      const config = route.config as { proxied?: boolean; public?: boolean } | undefined;
      if (config?.proxied === true) return { schema: { ...schema, hide: true }, url };
      return { schema: config?.public === true ? { ...schema, security: [] } : schema, url };
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
