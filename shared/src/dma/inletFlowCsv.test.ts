import { describe, expect, it } from 'vitest';
import {
  detectCsvEncoding,
  detectSeparator,
  headLines,
  isTimeZone,
  parseFlowNumber,
  parseFlowTime,
  sniffInletFlow,
  splitCells,
  zonedClock,
} from './inletFlowCsv.ts';

const iso = (ms: number | 'gap' | null) => (typeof ms === 'number' ? new Date(ms).toISOString() : ms);

describe('parseFlowTime', () => {
  const china = zonedClock('Asia/Shanghai');

  it('reads China local times and ISO times with a zone', () => {
    expect(iso(parseFlowTime('2026-01-01 00:15', china))).toBe('2025-12-31T16:15:00.000Z');
    expect(iso(parseFlowTime('2026/1/2 08:00:30', china))).toBe('2026-01-02T00:00:30.000Z');
    expect(iso(parseFlowTime('2026-01-01T00:15', china))).toBe('2025-12-31T16:15:00.000Z');
    expect(iso(parseFlowTime('01.01.2026 00:15', china))).toBe('2025-12-31T16:15:00.000Z');
    expect(iso(parseFlowTime('2026-01-01T00:15:00Z', china))).toBe('2026-01-01T00:15:00.000Z');
    expect(iso(parseFlowTime('2026-01-01T08:15:00+08:00', china))).toBe('2026-01-01T00:15:00.000Z');
    expect(iso(parseFlowTime('2026-01-01 24:00', china))).toBe('2026-01-01T16:00:00.000Z');
  });

  it('refuses what is not a time', () => {
    for (const bad of ['', 'yesterday', '2026-02-30 00:00', '2026-13-01 00:00', '2026-01-01 24:15', '2026-01-01'])
      expect(parseFlowTime(bad, china)).toBeNull();
  });

  it('reads UTC as UTC', () => {
    expect(iso(parseFlowTime('2018-01-01 00:05', zonedClock('UTC')))).toBe('2018-01-01T00:05:00.000Z');
  });

  it('follows daylight saving in Europe/Athens: +2 in winter, +3 in summer, the skipped and the repeated hour', () => {
    const athens = zonedClock('Europe/Athens');
    expect(iso(parseFlowTime('2018-01-15 12:00', athens))).toBe('2018-01-15T10:00:00.000Z');
    expect(iso(parseFlowTime('2018-07-15 12:00', athens))).toBe('2018-07-15T09:00:00.000Z');
    // 25 March 2018: 03:00 → 04:00, so 03:30 never happened
    expect(parseFlowTime('2018-03-25 03:30', athens)).toBe('gap');
    expect(iso(parseFlowTime('2018-03-25 04:00', athens))).toBe('2018-03-25T01:00:00.000Z');
    // 28 October 2018: 04:00 → 03:00, so 03:30 happened twice; the second when the file has passed the first
    const first = parseFlowTime('2018-10-28 03:30', athens) as number;
    expect(iso(first)).toBe('2018-10-28T00:30:00.000Z');
    expect(iso(parseFlowTime('2018-10-28 03:30', athens, first + 1_800_000))).toBe('2018-10-28T01:30:00.000Z');
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});

describe('cells and numbers', () => {
  it.each([
    ['time,flow', ','],
    ['Timestamp;PUMP_1;p227', ';'],
    ['2018-01-01 00:00;75,13;96,20', ';'],
    ['Timestamp\tPUMP_1', '\t'],
  ] as const)('%j is split at %j', (line, sep) => expect(detectSeparator(line)).toBe(sep));

  it('splits quoted cells and reads decimal commas', () => {
    expect(splitCells('"2018-01-01 00:00","75,13", 4', ',')).toEqual(['2018-01-01 00:00', '75,13', '4']);
    expect(parseFlowNumber('75,13')).toBe(75.13);
    expect(parseFlowNumber('75.13')).toBe(75.13);
    expect(parseFlowNumber('1e2')).toBe(100);
    for (const bad of ['', 'abc', '1,2,3', '1.234,5', '12 m3']) expect(parseFlowNumber(bad)).toBeNaN();
  });
});

describe('sniffInletFlow', () => {
  const sniff = (text: string) => sniffInletFlow(headLines(text, true));

  it('sees a SCADA export: ; separated, wide, a column per meter', () => {
    const r = sniff('Timestamp;PUMP_1;p227;p235\n2018-01-01 00:00;75,13;96,20;23,07\n');
    expect(r).toMatchObject({
      ok: true,
      sniff: {
        separator: ';',
        layout: 'wide',
        timeIndex: 0,
        columns: [
          { index: 1, header: 'PUMP_1' },
          { index: 2, header: 'p227' },
          { index: 3, header: 'p235' },
        ],
      },
    });
  });

  it('sees the long layout with or without a header', () => {
    expect(sniff('time,flow,meterCode\n2026-01-01 00:15,12.5,IN-1')).toMatchObject({
      ok: true,
      sniff: { layout: 'long', separator: ',' },
    });
    expect(sniff('时间,流量\n2026-01-01 00:15,12.5')).toMatchObject({ ok: true, sniff: { layout: 'long' } });
    expect(sniff('2026-01-01 00:15\t12,5')).toMatchObject({ ok: true, sniff: { layout: 'long', header: null } });
  });

  it('names what is wrong', () => {
    expect(sniff('')).toMatchObject({ ok: false, problem: { key: 'dmaAnalysis.import.empty' } });
    expect(sniff('time|flow\n2026-01-01 00:15|12')).toMatchObject({
      ok: false,
      problem: { key: 'dmaAnalysis.import.wrongSeparator', params: { line: '2' } },
    });
    expect(sniff('a;b\nx;1\n')).toMatchObject({
      ok: false,
      problem: { key: 'dmaAnalysis.import.noTimeColumn', params: { line: '2', separator: ';' } },
    });
    expect(sniff('Timestamp,PUMP_1,p227\n2018-01-01 00:00,75,13,96,20\n2018-01-01 00:05,74,25,96,85')).toMatchObject({
      ok: false,
      problem: { key: 'dmaAnalysis.import.decimalComma', params: { line: '2' } },
    });
    // a trailing comma is no decimal comma
    expect(sniff('Timestamp,IN-1\n2018-01-01 00:00,75.1,\n2018-01-01 00:05,74.2,')).toMatchObject({ ok: true });
    expect(sniff('2018-01-01 00:00;1;2;3')).toMatchObject({
      ok: false,
      problem: { key: 'dmaAnalysis.import.noHeader' },
    });
  });
});

describe('detectCsvEncoding', () => {
  // 时间;进水流量 in GB18030 (as Excel saves a CSV on Chinese Windows) and in UTF-8
  const gbk = new Uint8Array([0xca, 0xb1, 0xbc, 0xe4, 0x3b, 0xbd, 0xf8, 0xcb, 0xae, 0xc1, 0xf7, 0xc1, 0xbf]);
  const utf8 = new TextEncoder().encode('时间;进水流量');

  it('reads UTF-8 as UTF-8, even with a character cut at the end of the sample', () => {
    expect(detectCsvEncoding(utf8)).toBe('utf-8');
    expect(detectCsvEncoding(utf8.slice(0, utf8.length - 1))).toBe('utf-8');
    expect(detectCsvEncoding(new TextEncoder().encode('Timestamp;PUMP_1\n2025-01-01 00:00;1,5'))).toBe('utf-8');
  });

  it('reads anything else as GB18030, which gives the Chinese headers back', () => {
    expect(detectCsvEncoding(gbk)).toBe('gb18030');
    expect(new TextDecoder(detectCsvEncoding(gbk)).decode(gbk)).toBe('时间;进水流量');
  });
});
