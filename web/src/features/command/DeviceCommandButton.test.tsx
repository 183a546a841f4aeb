// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Permission } from '../../components/Permission.tsx';
import { demoUser, fakeUserServer } from '../../test/renderDialog.tsx';
import { renderWithStore } from '../../test/renderWithStore.tsx';
import { batchSummary } from './CommandTags.tsx';
import { paramsText } from './commandColumns.tsx';
import { DeviceCommandButton } from './DeviceCommandButton.tsx';

afterEach(() => vi.unstubAllGlobals());

const renderButton = (permissions: string[]) => {
  const calls = fakeUserServer(demoUser({ permissions }), (url) =>
    url.includes('/device/concentrator/command/')
      ? {
          resp_code: 0,
          resp_msg: 'ok',
          datas: {
            batchId: 'b',
            commands: [
              {
                id: 1,
                deviceId: 9,
                deviceCode: 'C09',
                command: 'clock',
                state: 'cancelled',
                reason: 'offline',
                message: '设备离线，命令已取消',
              },
            ],
          },
        }
      : undefined,
  );
  renderWithStore(
    <>
      <DeviceCommandButton kind="concentrator" deviceId={9} code="C09" />
      {/* shows once the signed-in user is known, so an absent button means refused, not "not loaded yet" */}
      <Permission any={[]}>signed-in</Permission>
    </>,
    { session: { signedIn: true } },
  );
  return calls;
};

describe('sending a concentrator a command', () => {
  it('asks first, naming the device and the command, then sends it', async () => {
    const calls = renderButton(['device:command:edit']);
    await userEvent.click(await screen.findByRole('button', { name: '发送命令' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '校时' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('确定向 C09 发送命令「校时」吗?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: '发送命令' }));
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/device/concentrator/command/9'))).toHaveLength(1));
    expect(calls.find((c) => c.url.includes('/command/9'))?.body).toEqual({ command: 'clock' });
  });

  it('is not offered without the permission', async () => {
    renderButton(['device:concentrator:view']);
    await screen.findByText('signed-in');
    expect(screen.queryByRole('button', { name: '发送命令' })).toBeNull();
  });
});

describe('command texts', () => {
  it('sums up a send: how many went out, how many were cancelled and why', () => {
    const cmd = (state: 'created' | 'cancelled', message: string | null) => ({
      id: 1,
      deviceId: 1,
      deviceCode: 'M1',
      command: 'valveClose',
      state,
      reason: state === 'cancelled' ? 'offline' : null,
      message,
    });
    expect(batchSummary({ batchId: 'b', commands: [cmd('created', null), cmd('created', null)] })).toEqual({
      text: '已下发 2 条命令',
      allSent: true,
    });
    expect(
      batchSummary({
        batchId: 'b',
        commands: [
          cmd('created', null),
          cmd('cancelled', '设备离线，开关阀命令已取消'),
          cmd('cancelled', '设备离线，开关阀命令已取消'),
        ],
      }),
    ).toEqual({ text: '已下发 1 条命令,2 条已取消:设备离线，开关阀命令已取消', allSent: false });
  });

  it('shows parameters as key=value, an archive list by its size', () => {
    expect(paramsText({ ip: '10.0.0.8', port: 9000, meterCodes: ['a', 'b', 'c'], simCard: null })).toBe(
      'ip=10.0.0.8 port=9000 meterCodes=[3] simCard=',
    );
    expect(paramsText(null)).toBe('');
  });
});
