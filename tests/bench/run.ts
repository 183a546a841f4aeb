// `npm run bench` (from tests/): runs the benchmarks one after another and prints their figures.
// BENCH_DURATION / BENCH_CONNECTIONS shorten or widen a run (e.g. a quick smoke run in CI).
import { benchGateway, DEFAULT_SETTINGS } from './gateway.ts';

const settings = {
  ...DEFAULT_SETTINGS,
  durationSec: Number(process.env.BENCH_DURATION ?? DEFAULT_SETTINGS.durationSec),
  connections: Number(process.env.BENCH_CONNECTIONS ?? DEFAULT_SETTINGS.connections),
};

try {
  await benchGateway(settings);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
