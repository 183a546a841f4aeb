// One writer per data folder. PGlite is one process's database: a second server on the same WATEROPS_DATA_DIR
// served its own view of the files and, once both had stopped, the folder was corrupted. So a process that opens the
// embedded database first takes `<data dir>/waterops.lock`, a file naming it (pid, host, start), created atomically;
// a second one reads it and refuses to start. A crashed holder (kill -9, power cut) cannot release it, so a lock
// whose process is gone is stale and taken over: no stuck folder, no hand cleaning. Node 20 has no flock() without a
// native module, hence the file.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'waterops.lock';

/** Who holds a data folder: what a second process prints, and what tells a live holder from a dead one. */
export type LockHolder = {
  pid: number;
  hostname: string;
  /** ISO time the holder took the lock */
  startedAt: string;
  /** Linux: the kernel's boot id (a reboot ends every holder) and the pid's start tick (a reused pid is another process) */
  bootId: string | null;
  procStart: string | null;
  /** this taking's own mark, so a release never removes someone else's lock */
  token: string;
};

/** Thrown when the folder cannot be used; `code` lets main.ts print the message plainly (zh, then en). */
export class DataDirError extends Error {
  constructor(
    readonly code: 'WATEROPS_DATA_DIR_LOCKED' | 'WATEROPS_DATA_DIR_DAMAGED',
    message: string,
  ) {
    super(message);
    this.name = 'DataDirError';
  }
}

export const isDataDirError = (e: unknown): e is DataDirError =>
  e instanceof Error &&
  typeof (e as { code?: unknown }).code === 'string' &&
  /^WATEROPS_DATA_DIR_/.test((e as DataDirError).code);

export type DataDirLock = { path: string; holder: LockHolder; release: () => void };

const readText = (path: string): string | null => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

const bootId = (): string | null => readText('/proc/sys/kernel/random/boot_id')?.trim() || null;

/** Field 22 of /proc/<pid>/stat (start time in ticks since boot); null off Linux or when the pid is gone. */
const procStartOf = (pid: number): string | null => {
  const stat = readText(`/proc/${pid}/stat`);
  // the command name (field 2) may hold spaces and parentheses: count from the last ')'
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields?.[19] ?? null;
};

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists, it is another user's
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Locks this process holds (a second open in the same process is refused too). */
const heldHere = new Map<string, DataDirLock>();

/**
 * Whether the holder is certainly gone. Another host's holder cannot be checked, so it counts as alive (the message
 * says how to clear it); our own pid not held by us is a previous life of this container or machine.
 */
export const isStale = (holder: LockHolder, lockPath: string): boolean => {
  if (holder.hostname !== hostname()) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return true;
  if (holder.pid === process.pid) return !heldHere.has(lockPath);
  if (!alive(holder.pid)) return true;
  const start = procStartOf(holder.pid);
  return Boolean(holder.procStart && start && holder.procStart !== start);
};

const parse = (text: string): LockHolder | null => {
  try {
    const h = JSON.parse(text) as LockHolder;
    return Number.isInteger(h.pid) && typeof h.hostname === 'string' ? h : null;
  } catch {
    return null;
  }
};

const lockedMessage = (dir: string, h: LockHolder, lockPath: string) =>
  [
    `数据目录 ${dir} 正被另一个 WaterOps 进程使用(pid ${h.pid},主机 ${h.hostname},${h.startedAt} 启动),本进程不启动。` +
      `同一数据目录只能有一个进程写入:请先停止那个进程,或为本进程设置另一个 WATEROPS_DATA_DIR。` +
      `若确认那个进程已不存在(例如在另一台主机上),删除 ${lockPath} 后重试。`,
    `The data folder ${dir} is in use by another WaterOps process (pid ${h.pid} on ${h.hostname}, started ${h.startedAt}); ` +
      'this one will not start. One process writes to a data folder: stop that process first, or give this one ' +
      `another WATEROPS_DATA_DIR. If you are sure that process is gone (e.g. it ran on another host), delete ${lockPath} and retry.`,
  ].join('\n');

/**
 * Takes the data folder's lock or throws a DataDirError naming the holder. Synchronous: it runs once at start, and
 * the release must be able to run in an 'exit' handler.
 */
export const lockDataDir = (dataDir: string): DataDirLock => {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    hostname: hostname(),
    startedAt: new Date().toISOString(),
    bootId: bootId(),
    procStart: procStartOf(process.pid),
    token: randomBytes(8).toString('hex'),
  };
  const text = `${JSON.stringify(holder, null, 2)}\n`;
  // Written whole to a file of our own, then linked to the lock's name: link() fails if the name exists, so taking
  // is atomic and nobody ever reads a half-written lock.
  const mine = `${lockPath}.${process.pid}.${holder.token}`;
  writeFileSync(mine, text);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, lockPath);
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw e;
      }
      const seen = readText(lockPath);
      if (seen === null) continue; // released meanwhile
      const other = parse(seen);
      // an unreadable lock cannot come from link() of a whole file: damaged, nobody can be holding it
      if (other && !isStale(other, lockPath))
        throw new DataDirError('WATEROPS_DATA_DIR_LOCKED', lockedMessage(dir, other, lockPath));
      takeOver(lockPath, seen);
    }
  } finally {
    unlinkSync(mine);
  }
  const lock: DataDirLock = {
    path: lockPath,
    holder,
    release: () => {
      if (heldHere.get(lockPath) !== lock) return;
      heldHere.delete(lockPath);
      process.off('exit', lock.release);
      // only our own lock: a folder taken over after we were judged gone stays with its new holder
      if (readText(lockPath) === text) unlinkSync(lockPath);
    },
  };
  heldHere.set(lockPath, lock);
  // process.exit() without closing the database (a fatal start error, a second signal) still frees the folder
  process.on('exit', lock.release);
  return lock;
};

/**
 * Removes a stale lock. Two starters may both judge the same stale lock: the rename is atomic, so one of them moves
 * it away; if what a starter moved is not the stale lock it read (the other starter's fresh one), it puts it back.
 */
const takeOver = (lockPath: string, staleText: string): void => {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // gone already: the next attempt sees
  }
  if (readText(aside) !== staleText) {
    try {
      linkSync(aside, lockPath);
    } catch {
      // a third starter took the name meanwhile: its lock stands
    }
  }
  unlinkSync(aside);
};
