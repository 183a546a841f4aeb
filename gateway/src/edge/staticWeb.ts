// Serves the built web app (web/dist from vite): files as they are, index.html for `/` and for any other page
// a browser asks for (the client routes by hash), and the JSON 404 envelope for unknown API paths.
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ErrorBody } from '@waterops/shared/api';
import { localeFromHeader, translate } from '@waterops/shared/i18n';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export type StaticWebOptions = { distDir: string };

// Vite puts content-hashed files under /assets: their name changes with their content, so caches keep them forever.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the current hashed files: browsers must revalidate it on every load.
const NO_CACHE = 'no-cache';

const isApiPath = (path: string): boolean => /^\/api-[^/]*(\/|$)/.test(path);
const acceptsHtml = (request: FastifyRequest): boolean => (request.headers.accept ?? '').includes('text/html');

const sendNotFound = (request: FastifyRequest, reply: FastifyReply) => {
  const body: ErrorBody = {
    resp_code: 404,
    resp_msg: translate('errors.routeNotFound', localeFromHeader(request.headers['accept-language'])),
  };
  return reply.code(404).send(body);
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

const notBuiltPage = (request: FastifyRequest): string => {
  const locale = localeFromHeader(request.headers['accept-language']);
  const text = escapeHtml(translate('edge.webNotBuilt', locale));
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>WaterOps</title></head><body><h1>WaterOps</h1><p>${text}</p></body></html>`;
};

/** The file under `root` that a URL path names, or undefined when it escapes root or is not a regular file. */
const fileFor = async (root: string, urlPath: string): Promise<string | undefined> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const full = resolve(root, `.${decoded}`);
  if (!full.startsWith(root + sep)) return undefined;
  const info = await stat(full).catch(() => undefined);
  return info?.isFile() ? full.slice(root.length + 1) : undefined;
};

export const staticWeb: FastifyPluginAsync<StaticWebOptions> = async (fastify, opts) => {
  const root = resolve(opts.distDir);
  const built = await stat(resolve(root, 'index.html')).then(
    (s) => s.isFile(),
    () => false,
  );
  const routeOptions = { config: { public: true }, schema: { hide: true } } as const;

  if (!built) {
    fastify.log.warn({ distDir: root }, 'web app not built (no index.html): run `npm run build`; serving a notice');
    fastify.get('/*', routeOptions, async (request, reply) => {
      if (isApiPath(request.url) || !acceptsHtml(request)) return sendNotFound(request, reply);
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', NO_CACHE)
        .send(notBuiltPage(request));
    });
    return;
  }

  // serve: false — only the reply.sendFile decorator; our one route below decides what each path gets. The route
  // checks the disk per request (a stat), so a rebuilt web app is served without restarting the gateway.
  // preCompressed: the build writes x.br and x.gz beside each text file (web/vite.config.ts); a client that accepts
  // brotli or gzip gets those as they are, with Vary: Accept-Encoding, and no compression per request.
  await fastify.register(fastifyStatic, { root, serve: false, cacheControl: false, index: false, preCompressed: true });

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', NO_CACHE).sendFile('index.html');

  fastify.get('/*', routeOptions, async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (isApiPath(path)) return sendNotFound(request, reply);
    if (path === '/' || path === '/index.html') return sendIndex(reply);
    const file = await fileFor(root, path);
    if (file) {
      reply.header('cache-control', path.startsWith('/assets/') ? IMMUTABLE : NO_CACHE);
      return reply.sendFile(file);
    }
    // Any other page a browser navigates to gets the app; missing scripts, images or JSON get a real 404.
    return acceptsHtml(request) ? sendIndex(reply) : sendNotFound(request, reply);
  });
};
