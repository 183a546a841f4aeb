import { describe, expect, it } from 'vitest';
import { parseLogTime } from './logTime.ts';

describe('parseLogTime', () => {
  it.each([
    ['2024-03-01T10:00:00Z', 'start', '2024-03-01T10:00:00.000Z'],
    ['2024-03-01T10:00:00+08:00', 'start', '2024-03-01T02:00:00.000Z'],
    ['2024-03-01 10:00:00-0130', 'start', '2024-03-01T11:30:00.000Z'],
    ['2024-03-01T10:00Z', 'end', '2024-03-01T10:00:00.000Z'],
    ['2024-03-01T10:00:00.5Z', 'start', '2024-03-01T10:00:00.500Z'],
    ['2024-03-01Z', 'start', '2024-03-01T00:00:00.000Z'],
    ['2024-03-01Z', 'end', '2024-03-01T23:59:59.999Z'],
    ['2024-02-29T00:00:00Z', 'start', '2024-02-29T00:00:00.000Z'],
  ] as const)('reads %s (%s) as %s', (value, edge, iso) => {
    expect(parseLogTime(value, edge)?.toISOString()).toBe(iso);
  });

  it('reads a time without a zone in the server’s zone, and a bare date as the whole day', () => {
    expect(parseLogTime('2024-03-01 10:20:30', 'start')?.getTime()).toBe(new Date(2024, 2, 1, 10, 20, 30).getTime());
    expect(parseLogTime('2024-03-01', 'start')?.getTime()).toBe(new Date(2024, 2, 1, 0, 0, 0, 0).getTime());
    expect(parseLogTime('2024-03-01', 'end')?.getTime()).toBe(new Date(2024, 2, 1, 23, 59, 59, 999).getTime());
  });

  it.each([
    'yesterday',
    '2024-13-01',
    '2024-02-30',
    '2023-02-29',
    '2024-03-01T24:00:00Z',
    '2024-03-01T10:60Z',
    '24-03-01',
  ])('refuses %s', (value) => expect(parseLogTime(value, 'start')).toBeNull());
});
