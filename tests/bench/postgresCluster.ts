// A PostgreSQL server for a benchmark: the one DATABASE_URL names (a fresh database on it), or a throwaway cluster on
// loopback started the way .ci/withPostgres.sh does it (initdb as the postgres user, fsync off). Unlike that script it
// installs nothing: without server binaries it says why and the benchmark runs on PGlite alone.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export type BenchPostgres = { url: string; version: string; stop(): Promise<void> };

const binDir = (): string | null => {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(join(root, v, 'bin/initdb'))) return join(root, v, 'bin');
  return null;
};

const run = (cmd: string, args: string[], asPostgres: boolean) => {
  const [file, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr || r.stdout || r.error?.message}`);
  return r.stdout;
};

const withDatabase = async (serverUrl: string): Promise<BenchPostgres> => {
  const name = `wo_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '';
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    version,
    stop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
};

/** The PostgreSQL to measure, or the reason there is none. */
export const startBenchPostgres = async (): Promise<BenchPostgres | { skipped: string }> => {
  if (process.env.DATABASE_URL) return withDatabase(process.env.DATABASE_URL);
  const bin = binDir();
  if (!bin) return { skipped: 'no PostgreSQL server binaries (/usr/lib/postgresql/*/bin); set DATABASE_URL' };
  const asPostgres = process.getuid?.() === 0;
  if (asPostgres && spawnSync('id', ['postgres']).status !== 0)
    return { skipped: 'running as root and there is no postgres user for initdb' };
  const dataDir = mkdtempSync(join(tmpdir(), 'waterops-bench-pg-'));
  if (asPostgres) {
    chmodSync(dataDir, 0o700);
    run('chown', ['postgres', dataDir], false);
  }
  const port = 55_000 + Math.floor(Math.random() * 400);
  try {
    run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8'], asPostgres);
    // Settings of a small dedicated server: the defaults (128 MB shared buffers, 4 MB work_mem) would measure the
    // disk rather than the queries.
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dataDir} -c fsync=off -c shared_buffers=512MB -c work_mem=32MB`;
    run(
      join(bin, 'pg_ctl'),
      ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-o', options, 'start'],
      asPostgres,
    );
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    return { skipped: `could not start a throwaway cluster: ${(e as Error).message.trim()}` };
  }
  const cluster = await withDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`);
  return {
    ...cluster,
    stop: async () => {
      await cluster.stop().catch(() => undefined);
      spawnSync(asPostgres ? 'runuser' : join(bin, 'pg_ctl'), [
        ...(asPostgres ? ['-u', 'postgres', '--', join(bin, 'pg_ctl')] : []),
        '-D',
        dataDir,
        '-m',
        'fast',
        'stop',
      ]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
