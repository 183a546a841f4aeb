// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { MeterSelect } from './MeterSelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

const page = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: from + i, meterCode: `SB${String(from + i).padStart(6, '0')}` }));

const ui = {
  input: () => screen.getByLabelText('水表', { selector: 'input' }),
  list: () => screen.findByRole('listbox', { name: '水表' }),
};

afterEach(() => vi.unstubAllGlobals());

function Chooser({ onChange }: { onChange: (v: SelectorItem | null) => void }) {
  const [value, setValue] = useState<SelectorItem | null>(null);
  return (
    <MeterSelect
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

const serve = () =>
  fakeFetch((url) => {
    const p = Number(new URL(url, 'http://x').searchParams.get('page'));
    return { code: 0, msg: 'ok', count: 60, data: p === 1 ? page(1, 50) : page(51, 10) };
  });

describe('MeterSelect', () => {
  it('asks for 3 characters, then searches the meter list by meterCode, 50 a page, and chooses { id, meterCode }', async () => {
    const calls = serve();
    const onChange = vi.fn();
    renderWithStore(<Chooser onChange={onChange} />);
    await userEvent.click(ui.input());
    await userEvent.type(ui.input(), 'SB');
    expect(within(await ui.list()).getByText('请至少输入 3 个字符')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.type(ui.input(), '0');
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = calls[0]?.url ?? '';
    expect(url).toContain('/api-workbench/device/watermeter/list');
    expect(url).toContain('meterCode=SB0');
    expect(url).toContain('limit=50');
    expect(url).toContain('page=1');
    await userEvent.click(within(await ui.list()).getByText('SB000002'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 2, label: 'SB000002' });
  });

  it('loads the next page when the list is scrolled near its bottom', async () => {
    const calls = serve();
    renderWithStore(<Chooser onChange={() => undefined} />);
    await userEvent.click(ui.input());
    await userEvent.type(ui.input(), 'SB0');
    const list = await ui.list();
    await waitFor(() => expect(within(list).getByText('SB000050')).toBeTruthy());
    Object.defineProperties(list, {
      scrollHeight: { value: 1000, configurable: true },
      clientHeight: { value: 300, configurable: true },
      scrollTop: { value: 690, configurable: true },
    });
    list.dispatchEvent(new Event('scroll'));
    await waitFor(() =>
      expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']),
    );
    expect(await within(await ui.list()).findByText('SB000060')).toBeTruthy();
  });
});
