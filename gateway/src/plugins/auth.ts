// Authentication and permissions for every route. A route says who may call it in its config — a permission code
// (`config: { permission: PERMISSIONS.profileView }`) or `public: true` — and a route with neither is refused when
// it is registered. A caller is identified by `Authorization: bearer <token>` only; the tenant comes from the token,
// never from the request. A bearer that is no user's session may be a wall screen's display token
// (services/display): read-only, so any method but GET / HEAD is refused with 403.
import { PERMISSIONS } from '@waterops/shared/auth';
import { DISPLAY_METHODS } from '@waterops/shared/display';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_CALL_HEADER } from '../edge/upstreamClient.ts';
import { DisplayContacts, findDisplayPrincipal } from '../services/display/displayPrincipal.ts';
import { recordDisplayContact } from '../services/display/displayRepository.ts';
import { dataScopeOf } from '../services/place/dataScopeRepository.ts';
import { bearerToken, hashToken } from '../services/uaa/accessToken.ts';
import { findActiveSession } from '../services/uaa/tokenRepository.ts';
import { accessOf } from '../services/user/userRepository.ts';
import { forbidden, unauthorized } from './errors.ts';
import { decideAccess, type RouteAccess, routeAccessProblem } from './routeAccess.ts';
import { type Principal, SessionCache } from './sessionCache.ts';

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    /** the signed-in caller; set on every route that declares a permission */
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** token lookups cached in this process; sign-out and password change drop entries here */
    sessions: SessionCache;
    /** the caller of a route that declares a permission (throws 401 when called on a public route without one) */
    principalOf(request: FastifyRequest): Principal;
  }
}

export type AuthOptions = { now: () => Date; cacheMs?: number };

const authPlugin: FastifyPluginAsync<AuthOptions> = async (fastify, opts) => {
  const sessions = new SessionCache(opts.cacheMs);
  fastify.decorate('sessions', sessions);
  fastify.decorateRequest('principal', null);
  fastify.decorate('principalOf', (request: FastifyRequest): Principal => {
    if (!request.principal) throw unauthorized();
    return request.principal;
  });

  fastify.addHook('onRoute', (route) => {
    const problem = routeAccessProblem(route.config as RouteAccess | undefined);
    if (problem) throw new Error(`route ${String(route.method)} ${route.url} ${problem}`);
  });

  /** The principal of a bearer token, from the cache or the database; null when missing, unknown or dead. */
  const authenticate = async (request: FastifyRequest): Promise<Principal | null> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const tokenHash = hashToken(token);
    const now = opts.now();
    const cached = sessions.get(tokenHash, now);
    if (cached) return cached;
    const lookedUpAt = sessions.epoch;
    const session = await findActiveSession(fastify.db, tokenHash, now);
    if (!session) {
      const display = await findDisplayPrincipal(fastify.db, tokenHash, now);
      if (display) sessions.set(display, now, lookedUpAt);
      return display;
    }
    const [{ permissions, notOpened }, scope] = await Promise.all([
      accessOf(fastify.db, session.companyId, session.userId),
      dataScopeOf(fastify.db, session.companyId, session.userId),
    ]);
    const principal: Principal = {
      companyId: session.companyId,
      userId: session.userId,
      username: session.username,
      permissions,
      notOpened,
      // administrators see every region and area whatever rows their account holds
      scope: permissions.includes(PERMISSIONS.admin) ? null : scope,
      tokenHash,
      expiresAt: session.expiresAt,
    };
    sessions.set(principal, now, lookedUpAt);
    return principal;
  };

  /** A screen's last contact (time and address), written at most once a minute per token. */
  const contacts = new DisplayContacts();
  const displayContacted = async (principal: Principal, request: FastifyRequest): Promise<void> => {
    const now = opts.now();
    if (!principal.display || !contacts.due(principal.tokenHash, now)) return;
    // the live layer calls with the screen's token on its behalf: the time counts, the gateway's address does not
    const address = request.headers[LIVE_CALL_HEADER] ? null : request.ip;
    await recordDisplayContact(fastify.db, principal.companyId, principal.display.id, now, address).catch(
      (err: unknown) => request.log.warn({ err }, 'recording a display contact failed'),
    );
  };

  // onRequest: a caller without the right to a route is refused before its body is even read (uploads).
  // A route registered before this plugin was not checked at registration; it fails closed (403) unless public.
  fastify.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config as RouteAccess;
    if (request.is404 || access.public === true) return;
    const principal = await authenticate(request);
    if (principal?.display) await displayContacted(principal, request);
    const decision = decideAccess(access, principal?.permissions ?? null, principal?.notOpened);
    if (decision === 'unauthorized') throw unauthorized();
    if (decision === 'forbidden') throw forbidden();
    if (principal?.display && !DISPLAY_METHODS.includes(request.method)) throw forbidden();
    request.principal = principal;
  });
};

export const auth = fp(authPlugin, { name: 'waterops-auth', dependencies: ['waterops-errors'] });
