import type { InletFlowUnit } from '@waterops/shared/dma';
import { translate } from '@waterops/shared/i18n';
import { describe, expect, it } from 'vitest';
import { type InletFlowParse, readInletFlow, type SampleColumn, textLines } from './inletFlowImport.ts';

/** The district of these tests: inlets IN-1 (id 1), IN-2 (id 2), outlet OUT-1 (id 3). */
const CODES: Record<string, number> = { 'IN-1': 1, 'IN-2': 2, 'OUT-1': 3 };

const read = (
  text: string,
  {
    zone = 'Asia/Shanghai',
    unit = 'm3h' as InletFlowUnit,
    columns = {} as Record<string, number | null>,
    fallback = 1 as number | null,
  } = {},
) =>
  readInletFlow(textLines(text), {
    zone,
    unit,
    targets: {
      column: (h) => (h in columns ? columns[h] : CODES[h]),
      code: (c) => (c === null ? (fallback ?? undefined) : CODES[c]),
      noMeter: { key: 'dmaAnalysis.chooseInlet', params: {} },
    },
  });

const ok = (r: InletFlowParse) => {
  if (!r.ok) throw new Error(`${r.key} ${JSON.stringify(r.params)}`);
  return r;
};
const times = (c: SampleColumn | undefined) =>
  c ? Array.from(c.at.subarray(0, c.n), (ms) => new Date(ms).toISOString()) : [];
const flows = (c: SampleColumn | undefined) => (c ? Array.from(c.flow.subarray(0, c.n)) : []);

/** n quarter hours of China local time from a start, `time<sep>flow`. */
const quarterHours = (n: number, sep = ',', start = '2026-01-01 00:00') => {
  const t0 = Date.parse(`${start.replace(' ', 'T')}:00+08:00`);
  return Array.from({ length: n }, (_, i) => {
    const local = new Date(t0 + (i + 1) * 900_000 + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    return `${local}${sep}${(10 + i / 10).toFixed(1)}`;
  });
};

describe('readInletFlow, the long layout', () => {
  it('reads a file with a header and a BOM, reporting bad lines by their number', async () => {
    const lines = ['\uFEFFtime,flow', ...quarterHours(8)];
    lines.splice(2, 0, 'nonsense,1', '2026-01-01 03:00,-1', '2026-01-01 03:15', '2026-01-01 00:15,9');
    const r = ok(await read(lines.join('\r\n')));
    expect(r.layout).toBe('long');
    const c = r.meters.get(1);
    expect(c?.n).toBe(8);
    expect(times(c)[0]).toBe('2025-12-31T16:15:00.000Z');
    expect(flows(c)[0]).toBe(10);
    expect(r.intervalMinutes).toBe(15);
    expect(r.failedCount).toBe(4);
    expect(r.failed.map((f) => [f.line, f.key])).toEqual([
      [3, 'dmaAnalysis.import.badTime'],
      [4, 'dmaAnalysis.import.badFlow'],
      [5, 'dmaAnalysis.import.badColumns'],
      [6, 'dmaAnalysis.import.duplicate'],
    ]);
  });

  it('keeps the meter code column, unknown codes failing by line', async () => {
    const a = quarterHours(4).map((l) => `${l},IN-1`);
    const b = quarterHours(4).map((l) => `${l},IN-2`);
    const r = ok(await read([...a, ...b, '2026-01-01 00:15,3,NOPE'].join('\n')));
    expect([r.meters.get(1)?.n, r.meters.get(2)?.n]).toEqual([4, 4]);
    expect(r.failed).toEqual([{ line: 9, key: 'dmaAnalysis.import.noMeter', params: { code: 'NOPE' } }]);
  });

  it('reads tab separated lines with decimal commas', async () => {
    const r = ok(
      await read(
        quarterHours(4, '\t')
          .map((l) => l.replace('.', ','))
          .join('\n'),
      ),
    );
    expect(flows(r.meters.get(1))).toEqual([10, 10.1, 10.2, 10.3]);
  });

  it('asks for a meter when lines have no code and the district has several inlets', async () => {
    expect(await read(quarterHours(4).join('\n'), { fallback: null })).toMatchObject({
      ok: false,
      key: 'dmaAnalysis.chooseInlet',
    });
  });
});

describe('readInletFlow, the wide layout of SCADA exports', () => {
  const scada = [
    'Timestamp;IN-1;p227;OUT-1',
    '2018-01-01 00:00;75,13;96,20;23,07',
    '2018-01-01 00:05;74,25;96,85;22,87',
    '2018-01-01 00:10;73,00;;22,50',
    '2018-01-01 00:15;x;96,00;22,40',
  ].join('\n');

  it('maps columns to meters, skips a column, reads decimal commas and reports bad cells by line', async () => {
    const r = ok(await read(scada, { zone: 'UTC', columns: { p227: null } }));
    expect(r.layout).toBe('wide');
    expect(flows(r.meters.get(1))).toEqual([75.13, 74.25, 73]);
    expect(times(r.meters.get(1))).toEqual([
      '2018-01-01T00:00:00.000Z',
      '2018-01-01T00:05:00.000Z',
      '2018-01-01T00:10:00.000Z',
    ]);
    expect(flows(r.meters.get(3))).toEqual([23.07, 22.87, 22.5, 22.4]);
    expect(r.meters.has(2)).toBe(false);
    expect(r.intervalMinutes).toBe(5);
    expect(r.failed).toEqual([
      { line: 5, key: 'dmaAnalysis.import.badFlowIn', params: { column: 'IN-1', value: 'x' } },
    ]);
  });

  it('takes a trailing separator, and reports a line of the wrong width', async () => {
    const text = 'Timestamp;IN-1;OUT-1\n2018-01-01 00:00;1;2;\n2018-01-01 00:05;1;2\n2018-01-01 00:10;1\n';
    const r = ok(await read(text, { zone: 'UTC' }));
    expect([r.meters.get(1)?.n, r.meters.get(3)?.n]).toEqual([2, 2]);
    expect(r.failed).toEqual([
      { line: 4, key: 'dmaAnalysis.import.badColumnCount', params: { expected: '3', count: '2' } },
    ]);
  });

  it('maps a header to a chosen meter, and stores L/s as m³/h', async () => {
    const r = ok(await read(scada, { zone: 'UTC', unit: 'ls', columns: { p227: 2 } }));
    expect(flows(r.meters.get(2))).toEqual([96.2 * 3.6, 96.85 * 3.6, 96 * 3.6].map((x) => expect.closeTo(x, 9)));
    expect(r.failed.map((f) => [f.line, f.key])).toEqual([
      [4, 'dmaAnalysis.import.missingFlow'],
      [5, 'dmaAnalysis.import.badFlowIn'],
    ]);
  });

  it('reads the times in the zone chosen: China time by default', async () => {
    const r = ok(await read(scada, { columns: { p227: null } }));
    expect(times(r.meters.get(3))[0]).toBe('2017-12-31T16:00:00.000Z');
  });

  it('runs through a repeated hour of daylight saving without duplicates (Europe/Athens)', async () => {
    const lines = ['Timestamp;IN-1'];
    // 28 October 2018, 02:00–05:00 local: 03:00–03:55 comes twice
    const walls = [
      ...Array.from({ length: 24 }, (_, i) => `02:${String((i % 12) * 5).padStart(2, '0')}`).map((t, i) =>
        i < 12 ? t : t.replace('02:', '03:'),
      ),
      ...Array.from({ length: 12 }, (_, i) => `03:${String(i * 5).padStart(2, '0')}`),
      '04:00',
    ];
    for (const w of walls) lines.push(`2018-10-28 ${w};10`);
    const r = ok(await read(lines.join('\n'), { zone: 'Europe/Athens' }));
    const c = r.meters.get(1);
    expect(r.failed).toEqual([]);
    expect(c?.n).toBe(walls.length);
    expect(times(c)[0]).toBe('2018-10-27T23:00:00.000Z');
    expect(times(c).at(-1)).toBe('2018-10-28T02:00:00.000Z');
    expect(r.intervalMinutes).toBe(5);
  });

  it('refuses a column mapped to no meter, and two columns on one meter', async () => {
    expect(await read(scada, { zone: 'UTC' })).toEqual({
      ok: false,
      key: 'dmaAnalysis.import.unmappedColumn',
      params: { column: 'p227' },
    });
    expect(await read(scada, { columns: { p227: 1 } })).toMatchObject({
      ok: false,
      key: 'dmaAnalysis.import.columnTwice',
      params: { column: 'p227', other: 'IN-1' },
    });
    expect(await read(scada, { columns: { p227: null, 'IN-1': null, 'OUT-1': null } })).toMatchObject({
      ok: false,
      key: 'dmaAnalysis.import.noColumns',
    });
  });
});

describe('readInletFlow, files it cannot read', () => {
  it('refuses intervals outside 1–60 minutes', async () => {
    const hourly = ['2026-01-01 01:00,1', '2026-01-01 02:00,1', '2026-01-01 03:00,1'];
    expect(await read(hourly.join('\n'))).toMatchObject({ ok: true, intervalMinutes: 60 });
    const twoHourly = ['2026-01-01 02:00,1', '2026-01-01 04:00,1', '2026-01-01 06:00,1'];
    expect(await read(twoHourly.join('\n'))).toEqual({
      ok: false,
      key: 'dmaAnalysis.import.badInterval',
      params: { minutes: '120' },
    });
    const seconds = ['2026-01-01 02:00:00,1', '2026-01-01 02:00:30,1', '2026-01-01 02:01:00,1'];
    expect(await read(seconds.join('\n'))).toMatchObject({ ok: false, key: 'dmaAnalysis.import.badInterval' });
  });

  it('says "no data lines" only when there are none, else why nothing could be read', async () => {
    expect(await read('time,flow\n\n')).toMatchObject({ ok: false, key: 'dmaAnalysis.import.empty' });
    expect(await read('time,flow\n2026-01-01 00:15,abc\n2026-01-01 00:30,def\n')).toEqual({
      ok: false,
      key: 'dmaAnalysis.import.nothingRead',
      params: { count: '2', line: '2', reasonKey: 'dmaAnalysis.import.badFlow', value: 'abc' },
    });
  });

  it('refuses a file of too many lines', async () => {
    expect(await read('2026-01-01 00:15,1\n'.repeat(1_000_001))).toMatchObject({
      ok: false,
      key: 'dmaAnalysis.import.tooLarge',
    });
  });

  it('keeps the first 50 bad lines and counts them all', async () => {
    const lines = ['time,flow', ...quarterHours(4), ...Array.from({ length: 120 }, () => 'x,1')];
    const r = ok(await read(lines.join('\n')));
    expect(r.failed).toHaveLength(50);
    expect(r.failedCount).toBe(120);
    expect(r.failed[0]?.line).toBe(6);
  });

  it.each([
    ['a comma file with decimal commas', 'Timestamp,IN-1\n2018-01-01 00:00,75,13\n2018-01-01 00:05,74,25'],
    ['no separator', 'time flow\n2018-01-01 00:00 75'],
    ['no time column', 'Timestamp;IN-1\nyesterday;75,13'],
    ['a zone', ''],
  ])('names the problem of %s in Chinese and English', async (what, text) => {
    const messages = {
      'a comma file with decimal commas': [
        '第 2 行:文件以逗号分列,数值又用逗号作小数点(如 75,13)。请以分号分列,或用小数点',
        'Line 2: the file separates columns with commas and also writes decimal commas (like 75,13). Use ; as the separator, or decimal points',
      ],
      'no separator': [
        '第 2 行只有一列:各列应以逗号、分号或制表符分隔',
        'Line 2 has a single column: columns must be separated by commas, semicolons or tabs',
      ],
      'no time column': [
        '第 2 行找不到时间列(按";"分列:yesterday | 75,13)。时间应如 2018-01-01 00:05',
        'No time column found on line 2 (split at ";": yesterday | 75,13). Times look like 2018-01-01 00:05',
      ],
      'a zone': [
        '未知的时区:Mars/Olympus(请用 IANA 时区名,如 Asia/Shanghai 或 UTC)',
        'Unknown time zone: Mars/Olympus (use an IANA name such as Asia/Shanghai or UTC)',
      ],
    }[what] as [string, string];
    const r =
      what === 'a zone'
        ? ({ ok: false, key: 'dmaAnalysis.import.badZone', params: { zone: 'Mars/Olympus' } } as const)
        : await read(text);
    if (r.ok) throw new Error('read');
    expect([translate(r.key, 'zh-CN', r.params), translate(r.key, 'en', r.params)]).toEqual(messages);
  });
});
