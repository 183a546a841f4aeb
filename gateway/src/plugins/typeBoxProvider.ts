// Lets Fastify infer request and reply types from the TypeBox schemas of a route, so a handler's `request.body`
// has the type of the schema that validates it. (The community provider package is a dozen lines; this is them.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';

export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** The app as seen by a service: typed by its TypeBox schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxProvider
>;

/** A service plugin (routes of one domain, mounted under its API prefix). */
export type ServicePlugin<O extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<
  O,
  RawServerDefault,
  TypeBoxProvider
>;
