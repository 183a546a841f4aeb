// The API prefixes of spec §7. Each is served by the embedded module or proxied to an upstream
// (`UPSTREAM_URL`, or `UPSTREAM_<PREFIX>` such as `UPSTREAM_API_USER`).
export const API_PREFIXES = [
  '/api-uaa',
  '/api-user',
  '/api-file',
  '/api-workbench',
  '/api-business',
  '/api-revenue',
  '/api-ops',
] as const;
export type ApiPrefix = (typeof API_PREFIXES)[number];

/** '/api-user' → 'UPSTREAM_API_USER'. */
export const upstreamEnvName = (prefix: ApiPrefix): string =>
  `UPSTREAM_${prefix.slice(1).replace(/-/g, '_').toUpperCase()}`;
