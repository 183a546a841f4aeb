import { describe, expect, it } from 'vitest';
import { parseFlowTime, parseInletFlowCsv } from './inletFlowImport.ts';

describe('parseFlowTime', () => {
  it('reads China local times and ISO times with a zone', () => {
    expect(parseFlowTime('2026-01-01 00:15')?.toISOString()).toBe('2025-12-31T16:15:00.000Z');
    expect(parseFlowTime('2026/1/2 08:00:30')?.toISOString()).toBe('2026-01-02T00:00:30.000Z');
    expect(parseFlowTime('2026-01-01T00:15')?.toISOString()).toBe('2025-12-31T16:15:00.000Z');
    expect(parseFlowTime('2026-01-01T00:15:00Z')?.toISOString()).toBe('2026-01-01T00:15:00.000Z');
    expect(parseFlowTime('2026-01-01T08:15:00+08:00')?.toISOString()).toBe('2026-01-01T00:15:00.000Z');
    expect(parseFlowTime('2026-01-01 24:00')?.toISOString()).toBe('2026-01-01T16:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'yesterday', '2026-02-30 00:00', '2026-13-01 00:00', '2026-01-01 24:15', '2026-01-01'])
      expect(parseFlowTime(bad)).toBeNull();
  });
});

describe('parseInletFlowCsv', () => {
  const quarterHours = (n: number, start = '2026-01-01 00:00') => {
    const t0 = Date.parse(`${start.replace(' ', 'T')}:00+08:00`);
    return Array.from({ length: n }, (_, i) => {
      const local = new Date(t0 + (i + 1) * 900_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
      return `${local},${(10 + i / 10).toFixed(1)}`;
    });
  };

  it('reads a file with a header and a BOM, reporting bad lines by their number', () => {
    const lines = ['\uFEFFtime,flow', ...quarterHours(8)];
    lines.splice(2, 0, 'nonsense,1', '2026-01-01 03:00,-1', '2026-01-01 03:15', '2026-01-01 00:15,9');
    const r = parseInletFlowCsv(lines.join('\r\n'));
    if (!r.ok) throw new Error(r.key);
    expect(r.rows).toHaveLength(8);
    expect(r.rows[0]).toMatchObject({ line: 2, flow: 10, meterCode: null });
    expect(r.intervalMinutes).toBe(15);
    expect(r.failed.map((f) => [f.line, f.key])).toEqual([
      [3, 'dmaAnalysis.import.badTime'],
      [4, 'dmaAnalysis.import.badFlow'],
      [5, 'dmaAnalysis.import.badColumns'],
      [6, 'dmaAnalysis.import.duplicate'],
    ]);
  });

  it('keeps the meter code column, the interval per meter', () => {
    const a = quarterHours(4).map((l) => `${l},IN-1`);
    const b = quarterHours(4).map((l) => `${l},IN-2`);
    const r = parseInletFlowCsv([...a, ...b].join('\n'));
    if (!r.ok) throw new Error(r.key);
    expect(r.rows).toHaveLength(8);
    expect(new Set(r.rows.map((x) => x.meterCode))).toEqual(new Set(['IN-1', 'IN-2']));
    expect(r.failed).toEqual([]);
  });

  it('refuses intervals outside 1–60 minutes, an empty file and too many lines', () => {
    const hourly = ['2026-01-01 01:00,1', '2026-01-01 02:00,1', '2026-01-01 03:00,1'];
    expect(parseInletFlowCsv(hourly.join('\n'))).toMatchObject({ ok: true, intervalMinutes: 60 });
    const twoHourly = ['2026-01-01 02:00,1', '2026-01-01 04:00,1', '2026-01-01 06:00,1'];
    expect(parseInletFlowCsv(twoHourly.join('\n'))).toEqual({
      ok: false,
      key: 'dmaAnalysis.import.badInterval',
      params: { minutes: '120' },
    });
    const seconds = ['2026-01-01 02:00:00,1', '2026-01-01 02:00:30,1', '2026-01-01 02:01:00,1'];
    expect(parseInletFlowCsv(seconds.join('\n'))).toMatchObject({ ok: false, key: 'dmaAnalysis.import.badInterval' });
    expect(parseInletFlowCsv('time,flow\n')).toMatchObject({ ok: false, key: 'dmaAnalysis.import.empty' });
    const huge = `${'2026-01-01 00:15,1\n'.repeat(200_002)}`;
    expect(parseInletFlowCsv(huge)).toMatchObject({ ok: false, key: 'dmaAnalysis.import.tooLarge' });
  });
});
