// The WaterOps server process: reads the environment, builds the app, listens, and shuts down gracefully (stop
// taking requests, finish the ones in flight, close the database); a second signal forces the exit.
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DEMO_SIGN_IN } from './db/seed/seedDatabase.ts';

const loadOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(`Configuration error: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
};

const config = loadOrExit();
const app = buildApp(config);

let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // app.close() stops the listener, waits for in-flight requests, then runs onClose hooks (the database closes last).
  app.close().then(
    () => process.exit(0),
    (e) => {
      app.log.error({ err: e }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

try {
  await app.listen({ host: config.HOST, port: config.PORT });
} catch (e) {
  app.log.fatal({ err: e }, 'could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const lines = [`WaterOps is running: http://${host}:${port}  (API docs: http://${host}:${port}/docs)`];
if (config.WATEROPS_ROLE !== 'gateway') {
  lines.push(
    config.WATEROPS_DEMO
      ? `Demo sign-in: user ${DEMO_SIGN_IN.username} / password ${DEMO_SIGN_IN.password}  (OAuth client ${DEMO_SIGN_IN.clientId}/${DEMO_SIGN_IN.clientSecret}; also ${DEMO_SIGN_IN.operator.username}/${DEMO_SIGN_IN.operator.password})`
      : `Sign in as admin with the password from WATEROPS_ADMIN_PASSWORD (OAuth client ${DEMO_SIGN_IN.clientId}/${DEMO_SIGN_IN.clientSecret})`,
  );
}
// Plain stdout, not the JSON log: this is what a person starting WaterOps reads.
console.log(`\n${lines.join('\n')}\n`);
