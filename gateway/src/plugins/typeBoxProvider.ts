// Lets Fastify infer request and reply types from the TypeBox schemas of a route, so a handler's `request.body`
// has the type of the schema that validates it (the community provider package is a dozen lines; this is them),
// and validates requests with those schemas: exact types in JSON bodies, bounded numbers, no NUL bytes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';

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

// ─── Request validation ─────────────────────────────────────────────────────────────────────────────────────────
// Fastify's default Ajv coerces types everywhere: in a JSON body it stored a `null` alarm threshold as 0 and a pipe
// diameter of 0 as null. Query strings, path parameters and headers are text and need "12" → 12; a JSON body says
// what it means, so it is validated as sent (issue 17.7). Both refuse numbers no column can hold (issue 17.2).

/** Bounds for an integer schema that declares none: PostgreSQL's `integer` (ids are `bigint`, far inside). */
export const DEFAULT_INTEGER_BOUNDS = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
/** Bounds for a number schema that declares none: inside `numeric(14, 3)`, the widest decimal column we have. */
export const DEFAULT_NUMBER_BOUNDS = { minimum: -1e10, maximum: 1e10 } as const;

type SchemaNode = Record<string, unknown>;

const hasType = (node: SchemaNode, type: string): boolean =>
  node.type === type || (Array.isArray(node.type) && node.type.includes(type));

/**
 * A copy of the schema in which every integer and number without a bound of its own gets the default bounds, so
 * 2^70 or 1e308 is refused by the schema (400 naming the field) instead of overflowing a column (500).
 */
export const withNumberBounds = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(withNumberBounds);
  if (!schema || typeof schema !== 'object') return schema;
  const node = schema as SchemaNode;
  const out: SchemaNode = {};
  // `const`, `enum` and `default` are values, not schemas
  for (const [key, value] of Object.entries(node))
    out[key] = key === 'const' || key === 'enum' || key === 'default' ? value : withNumberBounds(value);
  const bounds = hasType(node, 'integer')
    ? DEFAULT_INTEGER_BOUNDS
    : hasType(node, 'number')
      ? DEFAULT_NUMBER_BOUNDS
      : undefined;
  if (bounds) {
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) out.minimum = bounds.minimum;
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) out.maximum = bounds.maximum;
  }
  return out;
};

// ajv-formats is CommonJS with its function as `default`
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const newAjv = (coerceTypes: 'array' | false): Ajv => {
  // Fastify's own defaults (@fastify/ajv-compiler), except coercion; allErrors stays off (a DoS otherwise)
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    addUsedSchema: false,
    allErrors: false,
  });
  addFormats(ajv);
  return ajv;
};

/** The validator compiler of the app: coercing for text parts of a request, exact for the JSON body. */
export const requestValidatorCompiler = (): FastifySchemaCompiler<unknown> => {
  const text = newAjv('array');
  const body = newAjv(false);
  return ({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? body : text;
    const id = (schema as { $id?: string }).$id;
    // Ajv compiles a schema with an id once per instance (as Fastify's compiler does)
    const known = id ? ajv.getSchema(id) : undefined;
    return known ?? ajv.compile(withNumberBounds(schema) as object);
  };
};

/** The first text (or key) holding a NUL under `value`, as a field path (`items.0.code`); undefined when none. */
export const nulField = (value: unknown, at = '', depth = 0): string | undefined => {
  if (typeof value === 'string') return value.includes('\u0000') ? at : undefined;
  if (!value || typeof value !== 'object' || depth > 32) return undefined;
  // only what a parser built: a proxied route's body is the raw request stream, whose object graph (sockets,
  // servers) a walk 32 levels deep never finishes; bytes (Buffer, typed arrays) carry no text. Parsed objects may
  // have a bare prototype of their own (the query-string parser's), so streams are told apart by `pipe`.
  if (typeof (value as { pipe?: unknown }).pipe === 'function' || ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (key.includes('\u0000')) return path;
    const found = nulField(item, path, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
};

/**
 * Route config: `nulBytesInBody: 'handler'` lets NUL bytes through in the JSON body because the handler refuses them
 * itself, row by row (a batch of device readings stores its good rows and names the bad ones). Path and query are
 * checked all the same.
 */
export type NulBytesConfig = { nulBytesInBody?: 'handler' };

/** Raised for a NUL byte in a request (errors.ts answers it with a 400 naming the field). */
export class NulByteError extends Error {
  constructor(readonly field: string) {
    super(`NUL byte in ${field}`);
    this.name = 'NulByteError';
  }
}

const requestValidationPlugin: FastifyPluginAsync = async (fastify) => {
  fastify.setValidatorCompiler(requestValidatorCompiler());
  // PostgreSQL text cannot hold a NUL byte (a 500 on every route that stored or looked up such a text): refuse it
  // in every text of the path, query and body before validation and handlers, naming the field.
  fastify.addHook('preValidation', async (request) => {
    const refuseInBody = (request.routeOptions.config as NulBytesConfig | undefined)?.nulBytesInBody !== 'handler';
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', refuseInBody ? request.body : undefined],
    ] as const) {
      const field = nulField(value);
      if (field !== undefined) throw new NulByteError(field || part);
    }
  });
};

/** Registers the validator compiler and the NUL check for every route registered after it. */
export const requestValidation = fp(requestValidationPlugin, { name: 'waterops-request-validation' });
