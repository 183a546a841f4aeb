// The environment, as one TypeBox schema; the Config type is derived from it. A bad value stops the process
// with a message that names the variable (see loadConfig).

import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { API_PREFIXES, upstreamEnvName } from '@waterops/shared/api';
import { translate } from '@waterops/shared/i18n';
import { checkNewPassword } from '@waterops/shared/user';

const Url = (description: string) => Type.String({ pattern: '^(https?|postgres(ql)?|redis|rediss)://.+', description });

export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 8080, description: 'HTTP port' }),
  HOST: Type.String({ default: '0.0.0.0', description: 'address to listen on' }),
  WATEROPS_DATA_DIR: Type.String({
    minLength: 1,
    default: './data',
    description: 'folder of the embedded database (PGlite) and uploaded files',
  }),
  DATABASE_URL: Type.Optional(Url('PostgreSQL URL; when set, used instead of the embedded database')),
  // No schema default: loadConfig picks `database` when DATABASE_URL is set (instances sharing PostgreSQL then all
  // read what any of them stored, with nothing else to share), else `disk` (one process, files beside PGlite).
  WATEROPS_FILE_STORE: Type.Union([Type.Literal('disk'), Type.Literal('database')], {
    description:
      'where uploaded files are kept: disk (<WATEROPS_DATA_DIR>/files) or database (a table, read by every instance); default database with DATABASE_URL, else disk',
  }),
  REDIS_URL: Type.Optional(Url('Redis URL; shares live rooms and elects pollers across gateway instances')),
  LIVE_POLL_MS: Type.Integer({
    minimum: 50,
    default: 2_000,
    description: 'live push: how often the alarms and devices.status topics poll their upstream while subscribed (ms)',
  }),
  LIVE_NOTIFICATIONS_POLL_MS: Type.Integer({
    minimum: 50,
    default: 5_000,
    description: 'live push: how often the notifications topic polls (ms)',
  }),
  LIVE_DASHBOARD_POLL_MS: Type.Integer({
    minimum: 50,
    default: 15_000,
    description:
      'live push: how often a home-dashboard widget room (topic dashboard) polls (ms); alarm and work-order changes poll it at once',
  }),
  LIVE_AUTH_CHECK_MS: Type.Integer({
    minimum: 50,
    default: 15_000,
    description: 'live push: how often the tokens of connected sockets are re-checked (a revoked one is disconnected)',
  }),
  LIVE_LINGER_MS: Type.Integer({
    minimum: 0,
    default: 5_000,
    description: 'live push: how long a poller keeps running after its last subscriber left (ms)',
  }),
  WATEROPS_ROLE: Type.Union([Type.Literal('all'), Type.Literal('gateway'), Type.Literal('services')], {
    default: 'all',
    description:
      'all = edge + services in one process; gateway = edge only (every prefix proxied); services = REST services only',
  }),
  UPSTREAM_URL: Type.Optional(
    Url('upstream for every API prefix not served here (required when WATEROPS_ROLE=gateway)'),
  ),
  UPSTREAMS: Type.Record(Type.String(), Type.String(), {
    default: {},
    description: 'per-prefix upstreams, read from UPSTREAM_API_USER, UPSTREAM_API_REVENUE, …',
  }),
  UPSTREAM_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 180_000, description: 'proxied request timeout' }),
  WATEROPS_DEMO: Type.Boolean({ default: true, description: 'seed the demo tenant and demo accounts on first start' }),
  WATEROPS_ADMIN_PASSWORD: Type.Optional(
    Type.String({ minLength: 7, description: 'first administrator password when WATEROPS_DEMO=0 (required then)' }),
  ),
  LOGIN_CAPTCHA: Type.Union([Type.Literal('after-failures'), Type.Literal('always'), Type.Literal('never')], {
    default: 'after-failures',
    description: 'when the sign-in form demands the verification code',
  }),
  WATEROPS_SECRET_KEY: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'key (at least 32 characters) that encrypts stored two-step verification secrets; unset: a random key kept in <WATEROPS_DATA_DIR>/secret.key. Set the same value on every instance sharing one database',
    }),
  ),
  TOKEN_TTL_SECONDS: Type.Integer({ minimum: 60, default: 43_200, description: 'access token lifetime' }),
  SIGNIN_RATE_PER_MINUTE: Type.Integer({
    minimum: 1,
    default: 30,
    description: 'sign-in calls (POST /api-uaa/oauth/token) one IP address may make per minute',
  }),
  // Self-registration (services/registration)
  WATEROPS_REGISTRATION_COMPANY: Type.Optional(
    Type.Integer({
      minimum: 1,
      description:
        'company id self-registered accounts join; unset: the demo company when WATEROPS_DEMO, else registration is closed',
    }),
  ),
  SMS_RATE_PER_IP_PER_HOUR: Type.Integer({
    minimum: 1,
    default: 20,
    description: 'SMS codes (POST /api-uaa/sms/code) one IP address may ask for per hour',
  }),
  COMMAND_TIMEOUT_SECONDS: Type.Integer({
    minimum: 1,
    default: 120,
    description: 'seconds a device has to pick a command up, and again to answer it, before it fails (timeout)',
  }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info', description: 'pino log level' },
  ),
  LOG_FORMAT: Type.Union([Type.Literal('auto'), Type.Literal('json'), Type.Literal('pretty')], {
    default: 'auto',
    description:
      'auto: short readable lines on a terminal (requests only when they fail or are slow), JSON otherwise; json; pretty',
  }),
  // Default none (issue 17): believing X-Forwarded-For from any loopback client let anything on the host pick its IP.
  TRUST_PROXY: Type.String({
    default: 'false',
    description:
      'proxies whose X-Forwarded-For names the client (for the operation log and rate limits): addresses or CIDRs, comma-separated, or "loopback"; "false" (default) believes none',
  }),
  // Default on, loopback only (issue 17): counting costs next to nothing, an agent on the same host (or a sidecar)
  // scrapes without setting anything up, and nothing is readable from elsewhere until WATEROPS_METRICS_TOKEN is set.
  WATEROPS_METRICS: Type.Union([Type.Literal('on'), Type.Literal('off')], {
    default: 'on',
    description:
      'Prometheus metrics at GET /metrics: on (default; answered to loopback clients not relayed by a proxy, or to the bearer WATEROPS_METRICS_TOKEN) or off (no route)',
  }),
  WATEROPS_METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      pattern: '^[\\x21-\\x7e]+$',
      description:
        'a bearer token that lets a scraper on another host read /metrics (16+ printable characters, no spaces)',
    }),
  ),
  WATEROPS_JOBS: Type.Boolean({
    default: true,
    description:
      'run the scheduled jobs (command timeouts, validation, offline devices, month-end freeze) in this process',
  }),
  // The city simulator inside the demo (gateway/src/simulator; `npm run simulate` runs it alone)
  WATEROPS_SIMULATOR: Type.Boolean({
    default: true,
    description: 'with WATEROPS_DEMO: run the city simulator in this process, feeding the demo tenant',
  }),
  WATEROPS_SIM_METERS: Type.Integer({
    minimum: 10,
    maximum: 1_000_000,
    default: 2_000,
    description: 'simulated meters',
  }),
  WATEROPS_SIM_SEED: Type.Integer({ default: 42, description: 'simulator seed: the same seed builds the same city' }),
  WATEROPS_SIM_HISTORY_DAYS: Type.Integer({
    minimum: 0,
    maximum: 400,
    default: 60,
    description: 'days of history the simulator backfills at first start',
  }),
  WATEROPS_OPS_SIM: Type.Boolean({
    default: true,
    description:
      'with the city simulator: 30 days of work-order and complaint history at first start, then the dispatcher, crews and call-taker at work live',
  }),
  WEB_DIST_DIR: Type.Optional(Type.String({ description: 'built web app to serve (default: web/dist)' })),
  // The operations map's optional base map (services/dma/mapConfigRoutes.ts); unset: offline, no tile server
  WATEROPS_MAP_STYLE_URL: Type.Optional(
    Url('operations map: a MapLibre style URL for the base map; unset = a plain background, no tile requests'),
  ),
  WATEROPS_MAP_CRS: Type.Union([Type.Literal('wgs84'), Type.Literal('gcj02'), Type.Literal('bd09')], {
    default: 'wgs84',
    description: "operations map: the base map's coordinate system (positions are stored BD-09 and converted to it)",
  }),
  // Tests only (plugins/testClock.ts): browser tests age devices past the offline threshold without waiting.
  WATEROPS_TEST_CLOCK: Type.Boolean({
    default: false,
    description:
      'tests only: the clock is real time plus an offset that POST /__test__/clock moves forward, and POST /__test__/jobs/run runs the scheduled jobs at once; refused when NODE_ENV=production',
  }),
});
export type Config = Static<typeof ConfigSchema>;

const BOOLEAN_ENV = new Set([
  'WATEROPS_JOBS',
  'WATEROPS_DEMO',
  'WATEROPS_SIMULATOR',
  'WATEROPS_OPS_SIM',
  'WATEROPS_TEST_CLOCK',
]);
const INTEGER_ENV = new Set([
  'PORT',
  'UPSTREAM_TIMEOUT_MS',
  'TOKEN_TTL_SECONDS',
  'SIGNIN_RATE_PER_MINUTE',
  'WATEROPS_REGISTRATION_COMPANY',
  'SMS_RATE_PER_IP_PER_HOUR',
  'COMMAND_TIMEOUT_SECONDS',
  'WATEROPS_SIM_METERS',
  'WATEROPS_SIM_SEED',
  'WATEROPS_SIM_HISTORY_DAYS',
  'LIVE_POLL_MS',
  'LIVE_NOTIFICATIONS_POLL_MS',
  'LIVE_DASHBOARD_POLL_MS',
  'LIVE_AUTH_CHECK_MS',
  'LIVE_LINGER_MS',
]);

/** Variables whose value a config error must not repeat. */
const SECRET_ENV = new Set(['WATEROPS_ADMIN_PASSWORD', 'WATEROPS_METRICS_TOKEN', 'WATEROPS_SECRET_KEY']);

/** Thrown for a bad environment; the message names the variable. */
export class ConfigError extends Error {}

/** Reads and checks the environment. Unknown variables are ignored; empty strings count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const v = env[key];
    if (v === undefined || v === '') continue;
    if (BOOLEAN_ENV.has(key)) {
      if (!/^(0|1|true|false)$/i.test(v)) throw new ConfigError(`${key} must be 0, 1, true or false (got "${v}")`);
      raw[key] = /^(1|true)$/i.test(v);
    } else if (INTEGER_ENV.has(key)) {
      if (!/^-?\d+$/.test(v)) throw new ConfigError(`${key} must be a whole number (got "${v}")`);
      raw[key] = Number(v);
    } else raw[key] = v;
  }
  const upstreams: Record<string, string> = {};
  for (const prefix of API_PREFIXES) {
    const name = upstreamEnvName(prefix);
    const v = env[name];
    if (!v) continue;
    if (!/^https?:\/\/.+/.test(v)) throw new ConfigError(`${name} must be an http(s) URL (got "${v}")`);
    upstreams[prefix] = v;
  }
  raw.UPSTREAMS = upstreams;

  raw.WATEROPS_FILE_STORE ??= raw.DATABASE_URL ? 'database' : 'disk';
  const config = Value.Default(ConfigSchema, raw) as Config;
  const [first] = Value.Errors(ConfigSchema, config);
  if (first) {
    const name = first.path.replace(/^\//, '').split('/')[0] || 'environment';
    // a secret's value is never repeated in a message that ends up in a log
    const got = SECRET_ENV.has(name) ? 'value not shown' : `got ${JSON.stringify(first.value)}`;
    throw new ConfigError(`${name}: ${first.message} (${got})`);
  }
  if (config.WATEROPS_ROLE === 'gateway' && !config.UPSTREAM_URL && Object.keys(upstreams).length < API_PREFIXES.length)
    throw new ConfigError('UPSTREAM_URL is required when WATEROPS_ROLE=gateway');
  if (!config.WATEROPS_DEMO && !config.WATEROPS_ADMIN_PASSWORD && config.WATEROPS_ROLE !== 'gateway')
    throw new ConfigError('WATEROPS_ADMIN_PASSWORD is required when WATEROPS_DEMO=0');
  // the first administrator's password obeys the policy of every password set (format, not a guessable one)
  const weak = config.WATEROPS_ADMIN_PASSWORD && checkNewPassword(config.WATEROPS_ADMIN_PASSWORD, 'admin');
  if (weak) throw new ConfigError(`WATEROPS_ADMIN_PASSWORD: ${translate(weak, 'en')} (value not shown)`);
  // a movable clock and a job trigger open to any administrator have no place in a production process
  if (config.WATEROPS_TEST_CLOCK && env.NODE_ENV === 'production')
    throw new ConfigError('WATEROPS_TEST_CLOCK must not be on when NODE_ENV=production');
  return config;
};
