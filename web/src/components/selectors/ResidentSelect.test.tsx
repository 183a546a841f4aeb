// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { ResidentSelect } from './ResidentSelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

const ui = {
  input: () => screen.getByLabelText('用户', { selector: 'input' }),
  list: () => screen.findByRole('listbox', { name: '用户' }),
};

afterEach(() => vi.unstubAllGlobals());

function Chooser({ onChange }: { onChange: (v: SelectorItem | null) => void }) {
  const [value, setValue] = useState<SelectorItem | null>(null);
  return (
    <ResidentSelect
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('ResidentSelect', () => {
  it('asks for 3 characters, then searches residents by residentCode, 50 a page, and chooses { residentId, residentCode }', async () => {
    const calls = fakeFetch(() => ({
      code: 0,
      msg: 'ok',
      count: 2,
      data: [
        { id: 7, residentId: 7, residentCode: 'YH000007' },
        { id: 8, residentId: 8, residentCode: 'YH000008' },
      ],
    }));
    const onChange = vi.fn();
    renderWithStore(<Chooser onChange={onChange} />);
    await userEvent.click(ui.input());
    await userEvent.type(ui.input(), 'YH');
    expect(within(await ui.list()).getByText('请至少输入 3 个字符')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.type(ui.input(), '0');
    await waitFor(() => expect(calls).toHaveLength(1));
    const url = calls[0]?.url ?? '';
    expect(url).toContain('/api-workbench/data/resident/list');
    expect(url).toContain('residentCode=YH0');
    expect(url).toContain('limit=50');
    expect(url).toContain('page=1');
    await userEvent.click(within(await ui.list()).getByText('YH000008'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 8, label: 'YH000008' });
  });
});
