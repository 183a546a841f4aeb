// Vite build of the web client: hashed assets under /assets/ (the gateway serves web/dist), and a dev server that
// proxies the API prefixes and /docs to a locally running gateway.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const gateway = process.env.WATEROPS_GATEWAY_URL ?? 'http://localhost:8080';

/**
 * Writes x.br and x.gz beside every text file of the build (issue 17: sign-in loaded ~1.1 MB of plain JavaScript).
 * Compressed once here at the highest levels; the gateway sends them as they are (edge/staticWeb.ts, preCompressed).
 */
const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'waterops-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await readdir(outDir, { recursive: true })).map((f) => join(outDir, f));
      await Promise.all(
        files
          .filter((f) => /\.(js|mjs|css|html|svg|json|txt|wasm)$/.test(f))
          .map(async (file) => {
            // below 1 KB a compressed copy saves less than a request's headers
            if ((await stat(file)).size < 1024) return;
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              promisify(brotliCompress)(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              promisify(gzip)(content, { level: 9 }),
            ]);
            // a copy that is not smaller is not worth sending
            if (br.length < content.length) await writeFile(`${file}.br`, br);
            if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
          }),
      );
    },
  };
};

export default defineConfig({
  plugins: [react(), precompress()],
  base: './',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '^/api-.*': { target: gateway, changeOrigin: true },
      '/docs': { target: gateway, changeOrigin: true },
      // the live socket (Socket.IO at LIVE_PATH, /live/socket.io): websocket upgrades too
      '/live': { target: gateway, changeOrigin: true, ws: true },
    },
  },
});
