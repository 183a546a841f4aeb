// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { District, InletFlowImport } from '@waterops/shared/dma';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { InletFlowImportDialog } from './InletFlowImportDialog.tsx';

/** 东区: inlets IN-1 (11) and IN-2 (12), outlet OUT-1 (13), a member meter (14, never offered). */
const district = {
  id: 7,
  districtName: '东区',
  meters: [
    { meterId: 11, meterCode: 'IN-1', role: 1, lng: null, lat: null },
    { meterId: 12, meterCode: 'IN-2', role: 1, lng: null, lat: null },
    { meterId: 13, meterCode: 'OUT-1', role: 2, lng: null, lat: null },
    { meterId: 14, meterCode: 'HOME-1', role: 4, lng: null, lat: null },
  ],
} as District;

const answer: InletFlowImport = {
  imported: 6,
  failed: [{ line: 4, message: '列 PUMP_1 的流量不是有效数字:x' }],
  failedCount: 1,
  layout: 'wide',
  intervalMinutes: 5,
  from: '2018-01-01T00:00:00Z',
  to: '2018-01-01T00:10:00Z',
  meters: [
    { meterId: 11, meterCode: 'IN-1', samples: 3, days: 1, from: '2018-01-01T00:00:00Z', to: '2018-01-01T00:10:00Z' },
    { meterId: 13, meterCode: 'OUT-1', samples: 3, days: 1, from: '2018-01-01T00:00:00Z', to: '2018-01-01T00:10:00Z' },
  ],
};

const scada = [
  'Timestamp;IN-1;PUMP_1;p999',
  '2018-01-01 00:00;75,13;96,20;23,07',
  '2018-01-01 00:05;74,25;96,85;22,87',
  '2018-01-01 00:10;73,00;x;22,50',
].join('\n');

const ui = {
  dialog: () => screen.findByRole('dialog', { name: /导入进水流量|Import inlet flow/ }),
  file: (d: HTMLElement) => within(d).getByLabelText(/CSV 文件|CSV file/),
  column: (d: HTMLElement, name: string) => within(d).getByRole('combobox', { name }) as HTMLSelectElement,
  upload: (d: HTMLElement) => within(d).getByRole('button', { name: /^(导入|Import)$/ }) as HTMLButtonElement,
};

afterEach(() => vi.unstubAllGlobals());

const renderDialog = (locale: 'zh-CN' | 'en' = 'zh-CN') => {
  const calls = fakeUserServer(demoUser(), (url) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/dma/district/findList')) return { code: 0, msg: 'ok', count: 1, data: [district] };
    if (u.pathname.endsWith('/dma/inletFlow/import')) return { resp_code: 0, resp_msg: 'ok', datas: answer };
    return undefined;
  });
  renderWithStore(<InletFlowImportDialog districtId={7} districtName="东区" onClose={() => {}} />, undefined, locale);
  return calls;
};

const choose = async (d: HTMLElement, text: string, name: string) => {
  await act(async () => {
    await userEvent.upload(ui.file(d), new File([text], name, { type: 'text/csv' }));
  });
};

describe('the inlet-flow import dialog', () => {
  it('maps a SCADA export’s columns to the district’s meters, then imports with the zone and unit chosen', async () => {
    const calls = renderDialog();
    const d = await ui.dialog();
    // the meters are known before a file is chosen
    await waitFor(() => expect(calls.some((c) => c.url.includes('/dma/district/findList'))).toBe(true));
    await choose(d, scada, 'scada.csv');
    const preview = await within(d).findByRole('table', { name: '文件预览' });
    expect(within(preview).getByText('75,13')).toBeTruthy();
    expect(within(d).getByText(/宽表.*分隔符 ;/)).toBeTruthy();
    // a header that is a meter code is pre-selected; the others wait for a choice, and only inlets and outlets show
    expect(ui.column(d, '列 IN-1 的水表').value).toBe('11');
    expect(ui.column(d, '列 PUMP_1 的水表').value).toBe('');
    expect(within(ui.column(d, '列 PUMP_1 的水表')).queryByRole('option', { name: /HOME-1/ })).toBeNull();
    expect(within(d).getByRole('note').textContent).toBe('还有列没有选择水表：请选择水表或跳过该列');
    expect(ui.upload(d).disabled).toBe(true);

    await userEvent.selectOptions(ui.column(d, '列 PUMP_1 的水表'), 'OUT-1（出水）');
    await userEvent.selectOptions(ui.column(d, '列 p999 的水表'), '跳过此列');
    await userEvent.selectOptions(within(d).getByRole('combobox', { name: '时区' }), 'UTC');
    await userEvent.click(within(d).getByRole('radio', { name: 'L/s' }));
    expect(within(d).queryByRole('note')).toBeNull();
    await userEvent.click(ui.upload(d));

    expect(await within(d).findByText('已导入 6 条')).toBeTruthy();
    const sent = calls.find((c) => c.url.includes('/dma/inletFlow/import')) as (typeof calls)[number];
    const query = new URL(sent.url, 'http://x').searchParams;
    expect([query.get('districtId'), query.get('timeZone'), query.get('unit'), query.get('meterId')]).toEqual([
      '7',
      'UTC',
      'ls',
      null,
    ]);
    const form = sent.body as FormData;
    expect(JSON.parse(String(form.get('columns')))).toEqual({ 'IN-1': 11, PUMP_1: 13, p999: null });
    expect([...form.keys()]).toEqual(['columns', 'file']);
    // what was stored, per meter, and the line that failed
    const perMeter = within(d).getByRole('table', { name: '各水表导入结果' });
    expect(
      within(perMeter)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['水表数据条数覆盖天数', 'IN-131', 'OUT-131']);
    expect(within(d).getByText('失败 1 行')).toBeTruthy();
    expect(within(d).getByText('第 4 行')).toBeTruthy();
  });

  it('refuses two columns on one meter before sending', async () => {
    renderDialog();
    const d = await ui.dialog();
    await choose(d, scada, 'scada.csv');
    await within(d).findByRole('table', { name: '文件预览' });
    await userEvent.selectOptions(ui.column(d, '列 PUMP_1 的水表'), 'IN-1（进水）');
    await userEvent.selectOptions(ui.column(d, '列 p999 的水表'), '跳过此列');
    expect(within(d).getByRole('note').textContent).toBe('两列选择了同一个水表');
    expect(ui.upload(d).disabled).toBe(true);
  });

  it('previews a file saved in GB18030 (Excel on Chinese Windows) with its Chinese headers', async () => {
    renderDialog();
    const d = await ui.dialog();
    // 时间;进水流量 in GB18030, then ASCII lines
    const header = [0xca, 0xb1, 0xbc, 0xe4, 0x3b, 0xbd, 0xf8, 0xcb, 0xae, 0xc1, 0xf7, 0xc1, 0xbf, 0x0a];
    const body = new TextEncoder().encode('2026-02-01 00:00;12,5\n2026-02-01 00:05;12,6\n');
    await act(async () => {
      await userEvent.upload(ui.file(d), new File([new Uint8Array(header), body], 'gbk.csv', { type: 'text/csv' }));
    });
    expect(await within(d).findByRole('combobox', { name: '列 进水流量 的水表' })).toBeTruthy();
    expect(within(d).getByText('12,6')).toBeTruthy();
  });

  it('says why a file cannot be read, in English too', async () => {
    renderDialog('en');
    const d = await ui.dialog();
    await choose(d, 'Timestamp,IN-1\n2018-01-01 00:00,75,13\n2018-01-01 00:05,74,25\n', 'comma.csv');
    expect((await within(d).findByRole('alert')).textContent).toBe(
      'Line 2: the file separates columns with commas and also writes decimal commas (like 75,13). Use ; as the separator, or decimal points',
    );
    expect(ui.upload(d).disabled).toBe(true);
  });

  it('sends a long file with the meter chosen and no mapping', async () => {
    const calls = renderDialog();
    const d = await ui.dialog();
    await waitFor(() => expect(calls.some((c) => c.url.includes('/dma/district/findList'))).toBe(true));
    await choose(d, 'time,flow\n2026-03-01 00:00,12.5\n2026-03-01 00:15,12.1\n', 'flow.csv');
    expect(await within(d).findByText(/每行一个流量值/)).toBeTruthy();
    await userEvent.selectOptions(within(d).getByRole('combobox', { name: '水表' }), 'IN-2（进水）');
    await userEvent.click(ui.upload(d));
    await within(d).findByText('已导入 6 条');
    const sent = calls.find((c) => c.url.includes('/dma/inletFlow/import')) as (typeof calls)[number];
    const query = new URL(sent.url, 'http://x').searchParams;
    expect([query.get('meterId'), query.get('timeZone'), query.get('unit')]).toEqual(['12', 'Asia/Shanghai', 'm3h']);
    expect((sent.body as FormData).has('columns')).toBe(false);
  });
});
