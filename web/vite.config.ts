// Vite build of the web client: hashed assets under /assets/ (the gateway serves web/dist), and a dev server that
// proxies the API prefixes and /docs to a locally running gateway.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.WATEROPS_GATEWAY_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
