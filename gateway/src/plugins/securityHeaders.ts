// Security headers on every response (issue 17): a Content-Security-Policy that fits the built web app, no framing,
// no MIME sniffing, a referrer policy, and HSTS on responses to HTTPS requests. A route that sets its own CSP (a
// served upload: `default-src 'none'`) keeps it. Socket.IO answers on the raw server and never passes here.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export type SecurityHeadersOptions = {
  /** the operations map's base-map style (WATEROPS_MAP_STYLE_URL): its origin may be fetched and shown */
  mapStyleUrl?: string | undefined;
};

/** A year, with subdomains: the usual HSTS lifetime once a site is served over TLS only. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The web app's policy: what web/dist and its libraries need, and nothing more (every page walked in Chromium with
 * it, tests/e2e/pageWalk.test.ts, which fails on any console error, CSP violations included).
 */
export const contentSecurityPolicy = (mapStyleUrl?: string): string => {
  // A configured base map is fetched from its style's origin (tiles, glyphs or sprites on other hosts are not).
  const mapOrigin = mapStyleUrl ? new URL(mapStyleUrl).origin : undefined;
  const extra = mapOrigin ? ` ${mapOrigin}` : '';
  return [
    "default-src 'self'",
    // vite emits module scripts only, no inline ones: scripts stay strict
    "script-src 'self'",
    // inline styles: the registry pages' components and Swagger UI insert <style> elements (a strict style-src broke
    // them in the page walk); styles cannot run code, so this is the usual allowance
    "style-src 'self' 'unsafe-inline'",
    // the favicon and Blueprint's icons are data: URLs; the map and deck.gl draw from blob: images
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    // the API and the live socket (Socket.IO over ws: or wss: on this origin); the map fetches its style and tiles
    `connect-src 'self' ws: wss:${extra}`,
    // maplibre-gl starts its tile worker from a blob: URL
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

const securityHeadersPlugin: FastifyPluginAsync<SecurityHeadersOptions> = async (app, opts) => {
  const csp = contentSecurityPolicy(opts.mapStyleUrl);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // request.protocol reads X-Forwarded-Proto only from a proxy named in TRUST_PROXY: a TLS-terminating proxy
    // there, or TLS on this server, turns HSTS on; plain HTTP never sends it (browsers ignore it there anyway).
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
};

export const securityHeaders = fp(securityHeadersPlugin, { name: 'waterops-security-headers' });
