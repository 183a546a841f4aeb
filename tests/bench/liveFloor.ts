// The floor of the idle-client figure: a bare Socket.IO server (the same socket.io, engine.io and ws versions as the
// gateway, default options, the same path) with no application around it: a token in the handshake is accepted
// as it is, `subscribe` joins a room and answers `{ ok: true }`. Started as its own process by the live benchmark
// (with liveProbe.ts preloaded, like the gateway) so that the heap per connection of the real gateway can be read
// against what Socket.IO itself costs per connection.
import { createServer } from 'node:http';
import { LIVE_PATH } from '@waterops/shared/live';
import { Server } from 'socket.io';

const http = createServer((request, response) => {
  response.statusCode = request.url === '/readyz' ? 200 : 404;
  response.end('{}');
});
const io = new Server(http, { path: LIVE_PATH, serveClient: false });
io.on('connection', (socket) => {
  socket.on('subscribe', (request: { topic: string }, ack: (answer: unknown) => void) => {
    socket.join(`tenant/1/${request.topic}/all`);
    ack({ ok: true, key: request.topic });
  });
});
http.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  http.close(() => process.exit(0));
});
