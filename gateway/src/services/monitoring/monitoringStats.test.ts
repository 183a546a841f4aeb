import { describe, expect, it } from 'vitest';
import { topAreasOf, trendOf, typeCountOf } from './monitoringStats.ts';

describe('typeCountOf', () => {
  it('sums per type and level, every type and level present, an unknown one in the total only', () => {
    const c = typeCountOf([
      { alarmType: 'voltage', level: 'alarm', count: 2 },
      { alarmType: 'voltage', level: 'severe', count: 1 },
      { alarmType: 'offline', level: 'urgent', count: 4 },
      { alarmType: 'someday', level: 'whatever', count: 5 },
    ]);
    expect(c.total).toBe(12);
    expect(c.byType).toHaveLength(11);
    expect(c.byType.find((x) => x.alarmType === 'voltage')?.count).toBe(3);
    expect(c.byType.find((x) => x.alarmType === 'csq')?.count).toBe(0);
    expect(c.byLevel).toEqual([
      { level: 'urgent', count: 4 },
      { level: 'severe', count: 1 },
      { level: 'alarm', count: 2 },
      { level: 'general', count: 0 },
    ]);
  });
});

describe('trendOf', () => {
  it.each([
    [{ from: '2025-01-30', to: '2025-02-02' }, ['2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02']],
    [{ from: '2024-02-28', to: '2024-03-01' }, ['2024-02-28', '2024-02-29', '2024-03-01']], // leap day
    [{ from: '2025-05-05', to: '2025-05-05' }, ['2025-05-05']],
  ])('%j has every day, oldest first', (range, days) => {
    expect(trendOf(range, []).days.map((d) => d.day)).toEqual(days);
  });

  it('puts counts on their day and level, and drops days outside the range', () => {
    const trend = trendOf({ from: '2025-01-01', to: '2025-01-02' }, [
      { day: '2025-01-02', level: 'urgent', count: 1 },
      { day: '2025-01-02', level: 'general', count: 3 },
      { day: '2025-01-03', level: 'urgent', count: 9 },
    ]);
    expect(trend.days).toEqual([
      { day: '2025-01-01', total: 0, urgent: 0, severe: 0, alarm: 0, general: 0 },
      { day: '2025-01-02', total: 4, urgent: 1, severe: 0, alarm: 0, general: 3 },
    ]);
  });
});

describe('topAreasOf', () => {
  it('orders areas by their alarms (ties by name) and keeps the first `limit`', () => {
    const rows = [
      { areaId: 1, areaName: 'B', level: 'alarm', count: 2 },
      { areaId: 2, areaName: 'A', level: 'alarm', count: 1 },
      { areaId: 2, areaName: 'A', level: 'urgent', count: 1 },
      { areaId: 3, areaName: 'C', level: 'severe', count: 5 },
    ];
    expect(topAreasOf(rows, 10).map((a) => [a.areaName, a.count])).toEqual([
      ['C', 5],
      ['A', 2],
      ['B', 2],
    ]);
    expect(topAreasOf(rows, 1)).toEqual([
      { areaId: 3, areaName: 'C', count: 5, urgent: 0, severe: 5, alarm: 0, general: 0 },
    ]);
  });
});
