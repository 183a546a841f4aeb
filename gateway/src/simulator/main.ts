// `npm run simulate`: the city simulator against a running WaterOps, configured by the environment:
// WATEROPS_URL (default http://localhost:8080), WATEROPS_INGEST_KEY (a company ingestion key, required),
// SIM_SEED (42), SIM_METERS (2000 household meters), SIM_HISTORY_DAYS (60).
import { startSimulator } from './simulator.ts';

const int = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a whole number ≥ 0, got "${raw}"`);
    process.exit(1);
  }
  return n;
};

const key = process.env.WATEROPS_INGEST_KEY;
if (!key) {
  console.error(
    'WATEROPS_INGEST_KEY is required: create a company ingestion key in WaterOps (设备管理 › 接入密钥 / Devices › Ingestion keys) and pass it in.',
  );
  process.exit(1);
}

const sim = startSimulator({
  baseUrl: process.env.WATEROPS_URL || 'http://localhost:8080',
  key,
  seed: int('SIM_SEED', 42),
  meters: int('SIM_METERS', 2000),
  historyDays: int('SIM_HISTORY_DAYS', 60),
  log: (message) => console.log(`${new Date().toISOString()} ${message}`),
});

let stopping = false;
const stop = () => {
  if (stopping) process.exit(1);
  stopping = true;
  sim.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

sim.ready.then(
  () => console.log('simulator: streaming (Ctrl+C to stop)'),
  () => process.exit(1),
);
