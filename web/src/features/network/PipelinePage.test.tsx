// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EpanetImport, Pipeline } from '@waterops/shared/network';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { PipelinePage } from './PipelinePage.tsx';

const pipe = (id: number, pipeCode: string, diameterMm: number): Pipeline => ({
  id,
  pipeCode,
  name: null,
  pipeType: 2,
  material: 'DI',
  lengthM: 120.46,
  depthM: null,
  diameterMm,
  roughness: 100,
  startMeterId: null,
  startMeterCode: null,
  endMeterId: null,
  endMeterCode: null,
  startWellId: 1,
  startWellCode: 'N3-10',
  endWellId: 2,
  endWellCode: 'N3-20',
  districtId: null,
  districtName: null,
  path: null,
  status: 0,
  installDate: null,
  remark: null,
  createTime: '2026-11-01T08:00:00Z',
});
const PIPES = [pipe(1, 'N3-101', 300), pipe(2, 'N3-105', 150)];
const IMPORTED: EpanetImport = {
  junctions: 9,
  tanks: 1,
  reservoirs: 1,
  pipelines: 12,
  valves: 0,
  skipped: [{ kind: 'pump', id: '9' }],
  warnings: [{ line: null, message: '水泵 9 未导入' }],
  scale: 0.3048,
};

const ui = {
  importButton: () => screen.queryByRole('button', { name: '导入 EPANET' }),
  dialog: () => screen.getByRole('dialog'),
};

afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout, so Table2 draws only its first columns
beforeEach(() =>
  localStorage.setItem('columns:network.pipeline', JSON.stringify({ 管线名称: false, 管线类型: false })),
);

const renderPage = (
  permissions = ['admin'],
  importAnswer: unknown = { resp_code: 0, resp_msg: 'ok', datas: IMPORTED },
) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) => {
    const path = url.split('?')[0] ?? '';
    if (path.endsWith('/pipeNetPipeLine/list')) return { code: 0, msg: 'ok', count: 2, data: PIPES };
    if (path.endsWith('/pipeNetWell/list') || path.endsWith('/dma/district/findList'))
      return { code: 0, msg: 'ok', count: 0, data: [] };
    if (path.endsWith('/pipeNetPipeLine/importInp')) return importAnswer;
    return undefined;
  });
  return { ...renderWithStore(<PipelinePage />, { session: { signedIn: true } }), calls };
};

describe('the pipeline page', () => {
  it('lists pipelines; the diameter class filter asks the server for a range', async () => {
    const { calls } = renderPage();
    expect(await screen.findByText('N3-101')).toBeTruthy();
    const select = screen.getByRole('combobox', { name: '管径(mm)' });
    await userEvent.selectOptions(select, 'DN300–600');
    await userEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('diameterMin=300') && c.url.includes('diameterMax=599'))).toBe(true),
    );
  });

  it('imports an EPANET file at the map centre with a prefix and shows what was created', async () => {
    const { calls } = renderPage();
    await screen.findByText('N3-101');
    await userEvent.click(ui.importButton() as HTMLElement);
    const dialog = ui.dialog();
    const file = new File(['[TITLE]\nNet1\n'], 'Net1.inp', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('EPANET .inp 文件'), file);
    await userEvent.type(within(dialog).getByLabelText('编码前缀'), 'N1-');
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('导入完成')).toBeTruthy();
    expect(within(dialog).getByText('节点 9 个、水池 1 个、水源 1 个、管线 12 条、阀门 0 个')).toBeTruthy();
    expect(within(dialog).getByText('水泵 9 未导入')).toBeTruthy();
    const sent = calls.find((c) => c.url.includes('/importInp'))?.body as FormData;
    expect(sent.get('lng')).toBe('116.404');
    expect(sent.get('lat')).toBe('39.915');
    expect(sent.get('prefix')).toBe('N1-');
    expect((sent.get('file') as File).name).toBe('Net1.inp');
  });

  it("shows the server's refusal (a code clash) in the dialog", async () => {
    renderPage(['admin'], [400, { resp_code: 400, resp_msg: '以下编码已存在,未导入任何数据:N1-10' }]);
    await screen.findByText('N3-101');
    await userEvent.click(ui.importButton() as HTMLElement);
    const dialog = ui.dialog();
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('请选择 EPANET .inp 文件')).toBeTruthy();
    await userEvent.upload(within(dialog).getByLabelText('EPANET .inp 文件'), new File(['x'], 'a.inp'));
    await userEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('以下编码已存在,未导入任何数据:N1-10')).toBeTruthy();
  });

  it('offers neither the import nor new pipelines to a user who may only view', async () => {
    renderPage(['network:pipeline:view']);
    await screen.findByText('N3-101');
    expect(ui.importButton()).toBeNull();
    expect(screen.queryByRole('button', { name: /新增|新建/ })).toBeNull();
    // a viewer may export what they see
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });

  it('offers no export to a user who may not view pipelines (a district reader)', async () => {
    renderPage(['dma:district:view']);
    await screen.findByText('N3-101');
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });
});
