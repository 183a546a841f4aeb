import { describe, expect, it } from 'vitest';
import { withTransientRetry } from './jobScheduler.ts';

/** A PostgreSQL error as pg raises it: a message and a SQLSTATE code. */
const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

/** Work that fails with the given errors in turn, then answers 'done'; counts its calls. */
const failing = (...errors: Error[]) => {
  let calls = 0;
  const work = async () => {
    const e = errors[calls++];
    if (e) throw e;
    return 'done';
  };
  return { work, calls: () => calls };
};

describe('a job retried on a transient database error', () => {
  it.each([
    ['a deadlock', pgError('40P01')],
    ['a serialization failure', pgError('40001')],
    ['PostgreSQL shutting down', pgError('57P01')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
  ])('runs again after %s and succeeds', async (_, error) => {
    const w = failing(error, error);
    const retries: number[] = [];
    expect(await withTransientRetry(w.work, [1, 1], (_e, attempt) => retries.push(attempt))).toBe('done');
    expect(w.calls()).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after its pauses, with the last error', async () => {
    const w = failing(pgError('40P01'), pgError('40P01'), pgError('40P01'));
    await expect(withTransientRetry(w.work, [1, 1])).rejects.toThrow('pg 40P01');
    expect(w.calls()).toBe(3);
  });

  it('does not run again after an error of the work itself (a bad statement, a bug)', async () => {
    const w = failing(pgError('23505'));
    await expect(withTransientRetry(w.work, [1, 1])).rejects.toThrow('pg 23505');
    const bug = failing(new TypeError('x is undefined'));
    await expect(withTransientRetry(bug.work, [1, 1])).rejects.toThrow(TypeError);
    expect(w.calls() + bug.calls()).toBe(2);
  });
});
