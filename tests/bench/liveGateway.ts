// The gateway the live benchmark measures: its own process (so its heap and event loop are its own, not the client
// fleet's), `WATEROPS_ROLE=all` on a data folder the bench prepared, with tests/bench/liveProbe.ts preloaded and an
// IPC channel to ask it for memory, event-loop delay and broadcasts. --expose-gc lets a probe collect garbage first:
// heap per connection is then live objects, not whatever the collector had not reached yet.

import { type ChildProcess, spawn } from 'node:child_process';
import { freePort, REPO_ROOT } from '../fixtures/gatewayProcess.ts';
import { BENCH_ADMIN_PASSWORD } from './benchApp.ts';
import type { BroadcastAnswer, ProbeAnswer, ProbeCommand } from './liveProbe.ts';

export type LiveGateway = {
  url: string;
  child: ChildProcess;
  output: () => string;
  probe: (gc?: boolean) => Promise<ProbeAnswer>;
  broadcast: (mode: 'live' | 'raw', count: number, event: Record<string, unknown>) => Promise<BroadcastAnswer>;
  stop: () => Promise<void>;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the gateway on a free port with `env` (the data folder or DATABASE_URL among it); waits for /readyz.
 * `entry` is the script to run (the gateway; a stand-in server when the harness itself is checked).
 */
export const startLiveGateway = async (
  env: Record<string, string>,
  { entry = 'gateway/src/main.ts', readyTimeoutMs = 120_000 } = {},
): Promise<LiveGateway> => {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './tests/bench/liveProbe.ts', entry],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        WATEROPS_DEMO: '0',
        WATEROPS_SIMULATOR: '0',
        WATEROPS_ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
        SIGNIN_RATE_PER_MINUTE: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  child.on('message', (message: { id: number; answer?: unknown; error?: string }) => {
    const pending = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) pending?.reject(new Error(message.error));
    else pending?.resolve(message.answer);
  });
  const ask = <T>(request: ProbeCommand): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      child.send({ ...request, id });
    });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) {
      await stop();
      throw new Error(`gateway not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(200);
  }
  return {
    url,
    child,
    output: () => output,
    probe: (gc = true) => ask<ProbeAnswer>({ type: 'probe', gc }),
    broadcast: (mode, count, event) => ask<BroadcastAnswer>({ type: 'broadcast', mode, count, event }),
    stop,
  };
};
