// Builds the Fastify app as an explicit, ordered list of registers: logging → languages → errors → metrics →
// API docs → database → authentication → each API prefix (embedded service or upstream proxy, per the edge's route
// plan) → health probes → the web app. Reading this file top to bottom is reading the boot order.
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { sql } from 'kysely';
import type { Config } from './config.ts';
import { apiDocs } from './edge/apiDocs.ts';
import { health } from './edge/health.ts';
import { routePlan } from './edge/routePlan.ts';
import { staticWeb } from './edge/staticWeb.ts';
import { upstreamProxy } from './edge/upstreamProxy.ts';
import { jobs } from './jobs/jobs.ts';
import { ChangeHints } from './live/changeHints.ts';
import { terminalLogStream, usesTerminalLog } from './logging/terminalLog.ts';
import { auth } from './plugins/auth.ts';
import { compression } from './plugins/compression.ts';
import { db } from './plugins/db.ts';
import { errors } from './plugins/errors.ts';
import { i18n } from './plugins/i18n.ts';
import { live } from './plugins/live.ts';
import { metrics } from './plugins/metrics.ts';
import type { RouteAccess } from './plugins/routeAccess.ts';
import { securityHeaders } from './plugins/securityHeaders.ts';
import { OffsetClock, testClock } from './plugins/testClock.ts';
import { requestValidation, type TypeBoxProvider, type TypedApp } from './plugins/typeBoxProvider.ts';
import { embeddedServices } from './services/embeddedServices.ts';
import { failureLog } from './services/log/failureLog.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered on the app, in order (HEAD twins of GET routes included) */
    registeredRoutes: readonly RegisteredRoute[];
  }
}

export type RegisteredRoute = {
  method: string;
  url: string;
  /** what the route declared: a permission or public (as seen at registration) */
  access: RouteAccess;
  /** the schema of the 200 response, if declared */
  responseSchema: unknown;
};

export type BuildOptions = {
  /** replaces the pino options built from config (tests pass false) */
  logger?: FastifyServerOptions['logger'];
  /** where the configured logger writes (default stdout); tests read what would be logged */
  logStream?: { write(line: string): void };
  /** the clock; tests move it to pass expiry windows */
  now?: () => Date;
  /** how long token lookups are cached in this process (ms); default 5 s */
  sessionCacheMs?: number;
  /** tests: an in-memory PGlite starts from this migrated dump (db/openDatabase.ts) */
  pgliteTemplate?: Blob;
};

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

const trustProxy = (value: string): boolean | string => {
  if (/^(false|0|none)$/i.test(value)) return false;
  if (/^(true|1)$/i.test(value)) return true;
  return value;
};

export const buildApp = (config: Config, opts: BuildOptions = {}): TypedApp => {
  // WATEROPS_TEST_CLOCK (tests only): every part below reads a clock a test can move forward (plugins/testClock.ts)
  const movable = config.WATEROPS_TEST_CLOCK ? new OffsetClock(opts.now) : undefined;
  const now = movable?.now ?? opts.now ?? (() => new Date());
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.LOG_LEVEL,
      // The default serializers log no headers or bodies; these paths stay redacted should anyone add them.
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
      ...(opts.logStream
        ? { stream: opts.logStream }
        : usesTerminalLog(config.LOG_FORMAT)
          ? { stream: terminalLogStream() }
          : {}),
    },
    trustProxy: trustProxy(config.TRUST_PROXY),
    // Let shutdown finish in-flight requests but not wait on idle keep-alive sockets.
    forceCloseConnections: 'idle',
    // Creating a PGlite database on disk (initdb in WASM) plus migrations can take well over Fastify's default 10 s
    // on a busy 2-core machine; a plugin that really hangs still fails, just later.
    pluginTimeout: 120_000,
  }).withTypeProvider<TypeBoxProvider>();

  // Every route, as registered (before any plugin adds one): the route-security test walks this list, so a route
  // added later is checked for 401/403 and tenant leaks without anyone remembering to list it.
  const registeredRoutes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  // services announce what changed, the live layer polls it at once (live/changeHints.ts)
  app.decorate('changeHints', new ChangeHints());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      registeredRoutes.push({
        method: String(method),
        url: route.url,
        // Read when asked: later onRoute hooks (the API docs marking theirs public) still change the options.
        get access() {
          return { ...(route.config as RouteAccess | undefined) };
        },
        get responseSchema() {
          return (route.schema?.response as Record<string, unknown> | undefined)?.[200];
        },
      });
  });

  app.register(i18n);
  app.register(errors);
  // exact JSON bodies, bounded numbers, no NUL bytes: for every route below (plugins/typeBoxProvider.ts)
  app.register(requestValidation);
  // every response below carries the security headers and is compressed when asked (issue 17)
  app.register(securityHeaders, { mapStyleUrl: config.WATEROPS_MAP_STYLE_URL });
  app.register(compression);
  // requests per route, jobs, ingestion, the live layer and the process at GET /metrics (loopback or token only)
  app.register(metrics, { config });
  app.register(apiDocs);

  const plan = routePlan(config);
  const needsDatabase = config.WATEROPS_ROLE !== 'gateway' && plan.some((t) => t.mode === 'embedded');
  if (needsDatabase) app.register(db, { config, pgliteTemplate: opts.pgliteTemplate });
  app.register(auth, { now, cacheMs: opts.sessionCacheMs });
  // Refused changes on every route below are written to the operation log (needs the database and the sessions).
  if (needsDatabase) app.register(failureLog, { now });

  for (const target of plan) {
    if (target.mode === 'proxy') {
      app.register(upstreamProxy, {
        prefix: target.prefix,
        upstream: target.upstream,
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
      });
    } else {
      for (const service of embeddedServices[target.prefix] ?? [])
        app.register(service, { prefix: target.prefix, config, now });
    }
  }

  // Scheduled jobs run where the database is (every instance may run them: each tick and period runs once).
  if (needsDatabase && config.WATEROPS_JOBS) app.register(jobs, { now });
  if (movable) app.register(testClock, { clock: movable });
  // The live layer (Socket.IO at LIVE_PATH) reads the API above through the upstream client: after every prefix.
  if (config.WATEROPS_ROLE !== 'services') app.register(live, { config });

  app.register(health, {
    ready: async () => {
      if (!needsDatabase) return true;
      await sql`select 1`.execute(app.db);
      return true;
    },
  });
  if (config.WATEROPS_ROLE !== 'services')
    app.register(staticWeb, { distDir: config.WEB_DIST_DIR ?? DEFAULT_WEB_DIST });

  return app;
};
