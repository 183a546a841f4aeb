import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../components/dateRange.ts';
import { emptyOperationLogFilters, operationLogQuery } from './operationLogApi.ts';

// What the server's schema (LOG_TIME_PATTERN) reads as an instant: date, time and an explicit offset.
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe('the operation-log query', () => {
  it('sends the picked range as ISO 8601 with the browser offset, the same instants as picked', () => {
    const start = new Date(2026, 10, 22, 0, 0, 0);
    const end = new Date(2026, 10, 22, 23, 59, 59);
    const q = operationLogQuery({ ...emptyOperationLogFilters, start, end }, 1, 50);
    expect(q.startTime).toMatch(isoWithOffset);
    expect(q.endTime).toMatch(isoWithOffset);
    expect(q.startTime?.slice(0, 19)).toBe('2026-11-22T00:00:00');
    expect(q.endTime?.slice(0, 19)).toBe('2026-11-22T23:59:59');
    expect(new Date(q.startTime!).getTime()).toBe(start.getTime());
    expect(new Date(q.endTime!).getTime()).toBe(end.getTime());
    // the user still sees the zone-less form
    expect(formatDateTime(start)).toBe('2026-11-22 00:00:00');
  });

  it('trims the user name and IP prefix and leaves out what is not filtered', () => {
    expect(operationLogQuery({ ...emptyOperationLogFilters, username: '  admin ', ip: ' 10.1. ' }, 2, 100)).toEqual({
      page: 2,
      limit: 100,
      username: 'admin',
      ip: '10.1.',
    });
    expect(operationLogQuery({ ...emptyOperationLogFilters, username: '   ', ip: ' ' }, 1, 50)).toEqual({
      page: 1,
      limit: 50,
    });
  });

  it('sends the chosen operation and result, and nothing for “all” or a value the server does not know', () => {
    expect(
      operationLogQuery({ ...emptyOperationLogFilters, operation: 'roleCreate', result: 'failed' }, 1, 50),
    ).toEqual({ page: 1, limit: 50, operation: 'roleCreate', result: 'failed' });
    expect(operationLogQuery({ ...emptyOperationLogFilters, operation: 'nothing', result: 'maybe' }, 1, 50)).toEqual({
      page: 1,
      limit: 50,
    });
  });
});
