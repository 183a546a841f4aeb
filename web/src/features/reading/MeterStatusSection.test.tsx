// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import type { Meter } from '@waterops/shared/device';
import type { VoltageHistory } from '@waterops/shared/reading';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterStatusSection } from './MeterStatusSection.tsx';

const meter = {
  id: 21,
  meterCode: 'SB000021',
  online: true,
  lastReportTime: '2026-03-05T00:00:00Z',
  lastReading: 1234.5,
  voltage: 3.45,
  csq: 14,
  rsrp: -97,
  valveState: 0,
} as Meter;

const history: VoltageHistory = {
  meterId: 21,
  from: '2026-02-04',
  to: '2026-03-05',
  bucketSeconds: 2600,
  points: [
    { time: '2026-03-01T00:00:00Z', voltage: 3.5, csq: 15, rsrp: -95, reads: 1 },
    { time: '2026-03-02T00:00:00Z', voltage: 3.48, csq: null, rsrp: -96, reads: 1 },
    { time: '2026-03-03T00:00:00Z', voltage: 3.45, csq: 14, rsrp: -97, reads: 1 },
  ],
};

const ui = {
  section: () => screen.getByRole('region', { name: '最新状态' }),
  chart: () => screen.findByRole('img', { name: '近 30 天电压与信号' }),
  link: () => screen.queryByRole('link', { name: '查看抄表记录' }),
};

afterEach(() => vi.unstubAllGlobals());

const render = (permissions: string[], m: Meter = meter) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) =>
    url.includes('/monitoring/voltageHistory') ? { resp_code: 0, resp_msg: 'ok', datas: history } : undefined,
  );
  renderWithStore(<MeterStatusSection meter={m} />);
  return calls;
};

describe("the meter drawer's status", () => {
  it('shows the last reading, voltage, CSQ with its RSSI, RSRP with its band and the valve', () => {
    render([]);
    const text = ui.section().textContent ?? '';
    expect(text).toContain('1234.500 m³');
    expect(text).toContain('3.45');
    expect(text).toContain('14 (RSSI -85 dBm)');
    expect(text).toContain('-97 dBm');
    expect(within(ui.section()).getByText('一般')).toBeTruthy();
    expect(text).toContain('关');
  });

  it('shows dashes for a meter that never reported', () => {
    render([], { ...meter, lastReading: null, voltage: null, csq: null, rsrp: null, valveState: null });
    expect(ui.section().textContent).not.toContain('dBm');
  });

  it('draws the last 30 days of voltage and signal and links to the reading records for those allowed', async () => {
    const calls = render(['device:meter:view', 'reading:record:view']);
    expect(await ui.chart()).toBeTruthy();
    const query = new URL(calls.find((c) => c.url.includes('voltageHistory'))?.url ?? '', 'http://x').searchParams;
    expect(query.get('meterId')).toBe('21');
    expect(screen.getByText('RSSI (dBm)')).toBeTruthy();
    await waitFor(() => expect(ui.link()?.getAttribute('href')).toBe('/reading/record?meterId=21'));
  });

  it('asks nothing and links nowhere for a user who may not read them', async () => {
    const calls = render(['data:resident:view']);
    await waitFor(() => expect(calls.some((c) => c.url.includes('/users/current'))).toBe(true));
    expect(ui.link()).toBeNull();
    expect(calls.some((c) => c.url.includes('voltageHistory'))).toBe(false);
  });
});
