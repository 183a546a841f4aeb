// Compressed API responses (issue 17: a 200-meter list was 178 KB of JSON): brotli or gzip, as the client accepts,
// for bodies of 1 KB or more. The web app's files are compressed once at build (web/vite.config.ts) and sent as
// they are by edge/staticWeb.ts; Socket.IO answers on the raw server and never passes here.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a compressed body saves less than the work costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const compressionPlugin: FastifyPluginAsync = async (app) => {
  // a proxied answer passes as the upstream sent it (its length, its encoding): compressing it again here would
  // drop Content-Length from every download the gateway relays
  app.addHook('onRoute', (route) => {
    if ((route.config as { proxied?: boolean } | undefined)?.proxied) route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    // request bodies stay as they are: no client of ours sends compressed ones, and inflating them invites a zip bomb
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    // Brotli's default (11) is for files compressed once; per response a low quality keeps most of the gain at a
    // small fraction of the CPU.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
};

export const compression = fp(compressionPlugin, { name: 'waterops-compression' });
