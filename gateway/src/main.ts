// The WaterOps server process: reads the environment, builds the app, listens, and shuts down gracefully (stop
// taking requests, finish the ones in flight, close the database); a second signal forces the exit.
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { isDataDirError } from './db/dataDirLock.ts';
import { DEMO_SIGN_IN } from './db/seed/seedDatabase.ts';
import { type DemoOperations, startDemoOperations } from './simulator/demoOperations.ts';
import { startDemoSimulator } from './simulator/demoSimulator.ts';
import type { Simulator } from './simulator/simulator.ts';

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

let simulator: Simulator | undefined;
let operations: DemoOperations | undefined;
let closing = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (closing) {
    app.log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // The simulators first (they are clients of this server), then app.close(): it stops the listener, waits for
  // in-flight requests, then runs onClose hooks (the database closes last).
  Promise.all([simulator?.stop(), operations?.stop()])
    .catch(() => undefined)
    .then(() => app.close())
    .then(
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
  // a data folder in use or damaged: the message says what and what to do, for a person, not as a stack trace
  if (isDataDirError(e)) console.error(`\n${e.message}\n`);
  else app.log.fatal({ err: e }, 'could not start');
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
      ? `Demo sign-in: user ${DEMO_SIGN_IN.username} / password ${DEMO_SIGN_IN.password}  (OAuth client ${DEMO_SIGN_IN.clientId}/${DEMO_SIGN_IN.clientSecret}; also ${DEMO_SIGN_IN.operator.username}/${DEMO_SIGN_IN.operator.password}, ${DEMO_SIGN_IN.dispatcher.username}/${DEMO_SIGN_IN.dispatcher.password}, ${DEMO_SIGN_IN.service.username}/${DEMO_SIGN_IN.service.password}, crew1…crew6/${DEMO_SIGN_IN.crewPassword})`
      : `Sign in as admin with the password from WATEROPS_ADMIN_PASSWORD (OAuth client ${DEMO_SIGN_IN.clientId}/${DEMO_SIGN_IN.clientSecret})`,
  );
}
const runSimulator = config.WATEROPS_DEMO && config.WATEROPS_SIMULATOR && config.WATEROPS_ROLE === 'all';
if (runSimulator)
  lines.push(
    `City simulator: ${config.WATEROPS_SIM_METERS} meters (seed ${config.WATEROPS_SIM_SEED}), ${config.WATEROPS_SIM_HISTORY_DAYS} days of history being backfilled, then live  (WATEROPS_SIMULATOR=0 turns it off)`,
  );
const runOperations = runSimulator && config.WATEROPS_OPS_SIM;
if (runOperations)
  lines.push(
    'Operations simulator: work-order history generated once the city is in, then the dispatcher, crews and call-taker at work  (WATEROPS_OPS_SIM=0 turns it off)',
  );
// the clock comes from the config inside buildApp (tests build apps the same way); a person must not miss it
if (config.WATEROPS_TEST_CLOCK)
  lines.push(
    '!! WATEROPS_TEST_CLOCK=1: the clock can be moved forward over HTTP (POST /__test__/clock) — tests only !!',
  );
// Plain stdout, not the JSON log: this is what a person starting WaterOps reads.
console.log(`\n${lines.join('\n')}\n`);

if (runSimulator) {
  try {
    simulator = await startDemoSimulator(app.db, config, `http://127.0.0.1:${port}`, (message) =>
      app.log.info({ simulator: true }, message),
    );
    simulator?.ready.then(
      () => app.log.info('city simulator: history backfilled, streaming live'),
      (e) => app.log.error({ err: e }, 'city simulator could not start'),
    );
  } catch (e) {
    app.log.error({ err: e }, 'city simulator could not start');
  }
  if (runOperations && !closing)
    operations = startDemoOperations(app, config, `http://127.0.0.1:${port}`, simulator, (message) =>
      app.log.info({ operations: true }, message),
    );
}
