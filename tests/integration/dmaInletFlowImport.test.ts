// The inlet-flow import as SCADA exports come (issue 19 item 5): a `;`-separated, decimal-comma, wide file of
// 500,001 lines and ~25 MB (a year of minutes; one column mapped by its meter code, four skipped) streamed in and
// stored in batches, L/s to m³/h, UTC times; a column mapped by hand; and the refusals — an unknown zone, an unmapped
// column, a meter of another district — in Chinese and English, each writing nothing.
import { DMA_PATHS, type InletFlowImport } from '@waterops/shared/dma';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, demoCompanyId, signIn } from '../fixtures/factories.ts';
import { en, zh } from '../fixtures/messages.ts';
import { startTestApp, type TestApp } from '../fixtures/testApp.ts';
import { insertDistrict, type SeededDistrict } from './dmaAnalysisFixtures.ts';

let t: TestApp;
let companyId: number;
let admin: string;
let district: SeededDistrict;
let codes: string[];

const ROWS = 500_000;

/** A multipart body: text fields first (the column mapping), then the file. */
const multipart = (fields: Record<string, string>, content: Buffer) => {
  const boundary = '----waterops-inlet-flow';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scada.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

const upload = (query: string, fields: Record<string, string>, content: Buffer, lang = 'zh-CN') => {
  const { payload, headers } = multipart(fields, content);
  return t.app.inject({
    method: 'POST',
    url: `${DMA_PATHS.inletFlowImport}?${query}`,
    payload,
    headers: { ...headers, ...bearer(admin), 'accept-language': lang },
  });
};

const storedCount = async (meterIds: number[]) =>
  Number(
    (
      await t.app.db
        .selectFrom('inlet_flows')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('company_id', '=', companyId)
        .where('meter_id', 'in', meterIds)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A flow with a decimal comma, as a European SCADA writes it. */
const flowText = (column: number, row: number) => (20 + column * 10 + (row % 1440) / 100).toFixed(2).replace('.', ',');

/** ROWS minutes from 2025-01-01 00:00 UTC: Timestamp, then a column per header. */
const scadaFile = (headers: string[]): Buffer => {
  const chunks: string[] = [`Timestamp;${headers.join(';')}\n`];
  const t0 = Date.UTC(2025, 0, 1);
  for (let i = 0; i < ROWS; i++) {
    let line = new Date(t0 + i * 60_000).toISOString().slice(0, 16).replace('T', ' ');
    for (let c = 0; c < headers.length; c++) line += `;${flowText(c, i)}`;
    chunks.push(`${line}\n`);
  }
  return Buffer.from(chunks.join(''));
};

beforeAll(async () => {
  t = await startTestApp();
  companyId = await demoCompanyId(t.app);
  admin = await signIn(t.app, 'admin', 'admin123');
  district = await insertDistrict(t.app, companyId, { inlets: 3, outlets: 2 });
  const meters = await t.app.db
    .selectFrom('water_meters')
    .select(['id', 'meter_code'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...district.inlets, ...district.outlets])
    .execute();
  const codeOf = new Map(meters.map((m) => [Number(m.id), m.meter_code]));
  codes = [...district.inlets, ...district.outlets].map((id) => codeOf.get(id) as string);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a SCADA export of 500,000 lines and 25 MB', () => {
  it('streams it in, maps and skips columns, and stores every sample', async () => {
    const [a] = codes as [string];
    const file = scadaFile([a, 'PUMP_1', 'p227', 'p235', 'p999']);
    // beyond the old limits of 200,000 lines and 20 MB
    expect(file.length).toBeGreaterThan(20 * 1024 * 1024);
    const res = await upload(
      `districtId=${district.id}&timeZone=UTC&unit=ls`,
      { columns: JSON.stringify({ PUMP_1: null, p227: null, p235: null, p999: null }) },
      file,
    );
    expect(res.json().resp_msg).toBe(zh('common.success'));
    const r = res.json().datas as InletFlowImport;
    expect(r).toMatchObject({ imported: ROWS, failedCount: 0, failed: [], layout: 'wide', intervalMinutes: 1 });
    expect(r.from).toBe('2025-01-01T00:00:00.000Z');
    expect(r.to).toBe(new Date(Date.UTC(2025, 0, 1) + (ROWS - 1) * 60_000).toISOString());
    // 347 days and 5 hours of minutes from 08:00 China time on 1 January: 348 China days touched
    expect(r.meters).toMatchObject([{ meterId: district.inlets[0], meterCode: a, samples: ROWS, days: 348 }]);
    expect(await storedCount([district.inlets[0] as number])).toBe(ROWS);
    expect(await storedCount([...district.inlets.slice(1), ...district.outlets])).toBe(0);
    // L/s → m³/h: the first column at 00:05 UTC is 20,05 L/s
    const one = await t.app.db
      .selectFrom('inlet_flows')
      .select('flow')
      .where('company_id', '=', companyId)
      .where('meter_id', '=', district.inlets[0] as number)
      .where('at', '=', new Date('2025-01-01T00:05:00Z'))
      .executeTakeFirstOrThrow();
    expect(Number(one.flow)).toBeCloseTo(20.05 * 3.6, 6);
  }, 180_000);
});

describe('a CSV saved in GB18030, as Excel saves one on Chinese Windows', () => {
  it('reads its Chinese headers and maps them like any other', async () => {
    // 时间;进水流量 in GB18030, then ASCII lines
    const header = Buffer.from([
      0xca, 0xb1, 0xbc, 0xe4, 0x3b, 0xbd, 0xf8, 0xcb, 0xae, 0xc1, 0xf7, 0xc1, 0xbf, 0x0d, 0x0a,
    ]);
    const rows = Array.from({ length: 12 }, (_, i) => `2026-02-01 00:${String(i * 5).padStart(2, '0')};12,5\r\n`);
    const meter = district.inlets[1] as number;
    const res = await upload(
      `districtId=${district.id}`,
      { columns: JSON.stringify({ 进水流量: meter }) },
      Buffer.concat([header, Buffer.from(rows.join(''))]),
    );
    expect(res.json().resp_msg, res.body).toBe(zh('common.success'));
    expect(res.json().datas).toMatchObject({ imported: 12, failedCount: 0, layout: 'wide' });
    expect(await storedCount([meter])).toBe(12);
  });
});

describe('what the import refuses, writing nothing', () => {
  const small = (headers: string[]) =>
    Buffer.from(
      [
        `Timestamp;${headers.join(';')}`,
        ...Array.from(
          { length: 12 },
          (_, i) => `2026-01-01 00:${String(i * 5).padStart(2, '0')};${headers.map(() => '1,5').join(';')}`,
        ),
      ].join('\n'),
    );

  it('an unknown time zone', async () => {
    const before = await storedCount(district.inlets);
    const res = await upload(`districtId=${district.id}&timeZone=Mars/Olympus`, {}, small([codes[0] as string]), 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(en('dmaAnalysis.import.badZone', { zone: 'Mars/Olympus' }));
    expect(await storedCount(district.inlets)).toBe(before);
  });

  it('a column mapped to no meter, in Chinese and English', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 1 });
    for (const [lang, say] of [
      ['zh-CN', zh],
      ['en', en],
    ] as const) {
      const res = await upload(`districtId=${d.id}`, {}, small(['FT_101']), lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().resp_msg).toBe(say('dmaAnalysis.import.unmappedColumn', { column: 'FT_101' }));
    }
    expect(await storedCount(d.inlets)).toBe(0);
    // mapped by hand it imports
    const ok = await upload(
      `districtId=${d.id}`,
      { columns: JSON.stringify({ FT_101: d.inlets[0] }) },
      small(['FT_101']),
    );
    expect((ok.json().datas as InletFlowImport).imported).toBe(12);
  });

  it('a file of nothing but bad lines: why, not "no data lines"', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 1 });
    const file = Buffer.from('Timestamp;FT_101\n2026-01-01 00:00;abc\n2026-01-01 00:05;-\n');
    const res = await upload(`districtId=${d.id}`, { columns: JSON.stringify({ FT_101: d.inlets[0] }) }, file, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().resp_msg).toBe(
      en('dmaAnalysis.import.nothingRead', {
        count: 2,
        line: 2,
        reason: en('dmaAnalysis.import.badFlowIn', { column: 'FT_101', value: 'abc' }),
      }),
    );
    expect(await storedCount(d.inlets)).toBe(0);
  });

  it('a mapping to a meter outside the district', async () => {
    const d = await insertDistrict(t.app, companyId, { inlets: 1 });
    const res = await upload(
      `districtId=${d.id}`,
      { columns: JSON.stringify({ FT_101: district.inlets[0] }) },
      small(['FT_101']),
    );
    expect(res.statusCode).toBe(400);
    expect(await storedCount(d.inlets)).toBe(0);
  });

  it('a malformed upload: 4xx, never a crash', async () => {
    const url = `${DMA_PATHS.inletFlowImport}?districtId=${district.id}`;
    const boundary = '----bad';
    const cases: [string, string][] = [
      ['multipart/form-data', 'garbage'],
      [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form`],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nTimestamp;X\n2018-01-01 00:00;1`,
      ],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="columns"\r\n\r\n{not json\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nx\r\n--${boundary}--\r\n`,
      ],
      ['application/json', '{"file":"a"}'],
    ];
    for (const [contentType, payload] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...bearer(admin), 'content-type': contentType },
      });
      expect(res.statusCode, payload.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 60)).toBeLessThan(500);
    }
  });
});
