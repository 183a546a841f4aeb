// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Binding } from '@waterops/shared/customer';
import type { Meter } from '@waterops/shared/device';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterDetail } from './MeterDetail.tsx';

const meter = {
  id: 21,
  meterCode: 'SB00000021',
  meterKind: 'household',
  remoteCode: 'R21',
  collectorId: 5,
  collectorCode: 'K-005',
  concentratorId: 3,
  concentratorCode: 'C-003',
  manufacturerId: 2,
  manufacturerName: '宁波水表',
  meterModelId: null,
  meterModelName: null,
  caliber: 20,
  valveControl: true,
  steelSeal: null,
  leadSealNo: null,
  maxReading: 99999,
  baseReading: 1.5,
  precision: null,
  parentMeterId: null,
  parentMeterCode: null,
  areaId: 11,
  areaName: '东四小区',
  address: '1号楼',
  installDate: '2024-05-01',
  operationYears: 8,
  used: true,
  lng: null,
  lat: null,
  online: false,
  lastReportTime: null,
  residentId: 7,
  residentCode: 'YH0007',
  residentName: '张三',
  remark: null,
  createTime: '2024-05-02T08:00:00Z',
} satisfies Meter;
// newest first, as the drawer shows it (the route answers oldest first)
const history: Binding[] = [
  {
    id: 2,
    residentId: 7,
    residentCode: 'YH0007',
    residentName: '张三',
    boundAt: '2024-06-01T08:00:00Z',
    unboundAt: null,
    unbindKind: null,
    meterId: 21,
    meterCode: 'SB00000021',
    boundBy: 'admin',
    unboundBy: null,
    remark: null,
  },
  {
    id: 1,
    residentId: 6,
    residentCode: 'YH0006',
    residentName: '李四',
    boundAt: '2024-05-01T08:00:00Z',
    unboundAt: '2024-05-31T08:00:00Z',
    unbindKind: 'relieve',
    meterId: 21,
    meterCode: 'SB00000021',
    boundBy: 'admin',
    unboundBy: 'admin',
    remark: null,
  },
];

function Where() {
  return <output aria-label="search">{useLocation().search}</output>;
}

afterEach(() => vi.unstubAllGlobals());

const renderDetail = () => {
  fakeFetch((url) => {
    if (url.includes('/data/residentMeter/history') && url.includes('meterId=21'))
      return { resp_code: 0, resp_msg: 'ok', datas: [...history].reverse() };
    if (url.includes('/watermeter/21')) return { resp_code: 0, resp_msg: 'ok', datas: meter };
    return [404, { resp_code: 404, resp_msg: '记录不存在' }];
  });
  return renderWithStore(
    <>
      <MeterDetail id={21} />
      <Where />
    </>,
  );
};

describe('the meter detail drawer', () => {
  it('shows the fields and links to the resident, collector, concentrator and area', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'SB00000021' })).toBeTruthy();
    expect(screen.getByText('宁波水表')).toBeTruthy();
    expect(screen.getByText('2024-05-01')).toBeTruthy();
    expect(screen.getByText('户表')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'K-005' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe('?detail=collector%3A5');
    await userEvent.click(screen.getByRole('button', { name: 'C-003' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe('?detail=concentrator%3A3');
    await userEvent.click(screen.getByRole('button', { name: '东四小区' }));
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe('?detail=area%3A11');
  });

  it('lists the binding history, the open binding marked bound, a closed one with how it ended', async () => {
    renderDetail();
    const table = await screen.findByRole('table', { name: '绑定记录' });
    await waitFor(() => expect(table.textContent).toContain('YH0006 李四'));
    expect(table.textContent).toContain('已绑定');
    expect(table.textContent).toContain('(解绑)');
    await userEvent.click(screen.getAllByRole('button', { name: 'YH0007 张三' })[0] as HTMLElement);
    expect(screen.getByRole('status', { name: 'search' }).textContent).toBe('?detail=resident%3A7');
  });

  it('says so when the meter is not there (another tenant, deleted)', async () => {
    fakeFetch(() => [404, { resp_code: 404, resp_msg: '记录不存在' }]);
    renderWithStore(<MeterDetail id={99} />);
    expect(await screen.findByText('未找到该记录')).toBeTruthy();
  });
});
