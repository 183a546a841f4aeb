// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import type { DeviceCommand } from '@waterops/shared/command';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../components/Permission.tsx';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { CommandHistory } from './CommandHistory.tsx';

afterEach(() => vi.unstubAllGlobals());

const failed: DeviceCommand = {
  id: 3,
  deviceKind: 'meter',
  deviceId: 5,
  deviceCode: 'M0005',
  command: 'valveOpen',
  params: {},
  state: 'failed',
  reason: 'timeout',
  message: '设备未按时应答，命令失败',
  result: null,
  batchId: 'b',
  createdBy: 'admin',
  createTime: '2026-11-23T08:00:00Z',
  sentTime: '2026-11-23T08:00:05Z',
  finishedTime: '2026-11-23T08:02:05Z',
  deadline: '2026-11-23T08:02:05Z',
};

const renderHistory = (permissions: string[]) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) =>
    url.includes('/devicecommand/list') ? { code: 0, msg: 'ok', count: 1, data: [failed] } : undefined,
  );
  renderWithStore(
    <>
      <CommandHistory kind="meter" deviceId={5} />
      <Permission any={[]}>signed-in</Permission>
    </>,
    { session: { signedIn: true } },
  );
  return calls;
};

describe("a device's command history in its drawer", () => {
  it("lists the meter's commands with their state and reason", async () => {
    const calls = renderHistory(['device:meter:view']);
    expect(await screen.findByText('设备未按时应答，命令失败')).toBeTruthy();
    expect(screen.getByText('开阀')).toBeTruthy();
    expect(screen.getByText('失败')).toBeTruthy();
    const list = calls.find((c) => c.url.includes('/devicecommand/list'))?.url ?? '';
    expect(list).toContain('deviceKind=meter');
    expect(list).toContain('deviceId=5');
  });

  it('is left out, without asking the server, for a user who may not read commands', async () => {
    const calls = renderHistory(['device:concentrator:view']);
    await screen.findByText('signed-in');
    expect(screen.queryByText('命令记录')).toBeNull();
    expect(calls.some((c) => c.url.includes('/devicecommand/list'))).toBe(false);
  });
});
