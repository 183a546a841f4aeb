// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { CollectorSelect } from './CollectorSelect.tsx';
import { ConcentratorSelect } from './ConcentratorSelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

const ui = {
  input: (name: string) => screen.getByLabelText(name, { selector: 'input' }),
  list: (name: string) => screen.findByRole('listbox', { name }),
};

afterEach(() => vi.unstubAllGlobals());

function Chosen({
  kind,
  onChange,
}: {
  kind: 'concentrator' | 'collector';
  onChange: (v: SelectorItem | null) => void;
}) {
  const [value, setValue] = useState<SelectorItem | null>(null);
  const change = (v: SelectorItem | null) => {
    setValue(v);
    onChange(v);
  };
  return kind === 'concentrator' ? (
    <ConcentratorSelect value={value} onChange={change} />
  ) : (
    <CollectorSelect value={value} onChange={change} />
  );
}

describe('ConcentratorSelect', () => {
  it('asks for 3 characters, then searches the list by concentratorCode, 50 a page, and gives { id, code }', async () => {
    const calls = fakeFetch((url) =>
      url.includes('/device/concentrator/list')
        ? { code: 0, msg: 'ok', count: 1, data: [{ id: 21, concentratorCode: 'JZQ0001' }] }
        : { resp_code: 0, resp_msg: 'ok', datas: null },
    );
    const onChange = vi.fn();
    renderWithStore(<Chosen kind="concentrator" onChange={onChange} />);
    await userEvent.click(ui.input('集中器'));
    await userEvent.type(ui.input('集中器'), 'JZ');
    expect(within(await ui.list('集中器')).getByText('请至少输入 3 个字符')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('/concentrator/list'))).toHaveLength(0);
    await userEvent.type(ui.input('集中器'), 'Q');
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/concentrator/list'))).toHaveLength(1));
    const url = calls.find((c) => c.url.includes('/concentrator/list'))?.url ?? '';
    expect(url).toContain('concentratorCode=JZQ');
    expect(url).toContain('limit=50');
    expect(url).toContain('page=1');
    await userEvent.click(within(await ui.list('集中器')).getByText('JZQ0001'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 21, label: 'JZQ0001' });
  });
});

describe('CollectorSelect', () => {
  it('searches wired and wireless collectors by collectorCode', async () => {
    const calls = fakeFetch((url) =>
      url.includes('/device/collector/list')
        ? { code: 0, msg: 'ok', count: 1, data: [{ id: 31, collectorCode: 'CJQ0100' }] }
        : { resp_code: 0, resp_msg: 'ok', datas: null },
    );
    const onChange = vi.fn();
    renderWithStore(<Chosen kind="collector" onChange={onChange} />);
    await userEvent.click(ui.input('采集器'));
    await userEvent.type(ui.input('采集器'), 'CJQ01');
    await userEvent.click(await within(await ui.list('采集器')).findByText('CJQ0100'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 31, label: 'CJQ0100' });
    const searched = calls.filter((c) => c.url.includes('/device/collector/list'));
    expect(searched.at(-1)?.url).toContain('collectorCode=CJQ01');
    // debounced: one search for the whole typed word, not one per key
    expect(searched).toHaveLength(1);
  });
});
