// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { CategorySelect } from './CategorySelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

const category = (id: number, typeName: string) => ({
  id,
  typeName,
  remark: null,
  residentCount: 0,
  createTime: '2024-05-01T08:00:00Z',
});
const CATEGORIES = [category(1, '居民用水'), category(2, '商业用水'), category(3, '工业用水')];

const ui = {
  input: () => screen.getByLabelText('用户类别', { selector: 'input' }),
  list: () => screen.findByRole('listbox', { name: '用户类别' }),
  clear: () => screen.getByRole('button', { name: '清除用户类别' }),
};

const serve = () =>
  fakeFetch((url) =>
    url.includes('/data/residentCategory/list')
      ? { code: 0, msg: 'ok', count: CATEGORIES.length, data: CATEGORIES }
      : { resp_code: 0, resp_msg: 'ok', datas: null },
  );

function Chosen({ onChange }: { onChange: (v: SelectorItem | null) => void }) {
  const [value, setValue] = useState<SelectorItem | null>(null);
  return (
    <CategorySelect
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CategorySelect', () => {
  it('loads the categories once (page 1, limit 100: spec §7) and filters them as the user types', async () => {
    const calls = serve();
    renderWithStore(<Chosen onChange={() => undefined} />);
    await userEvent.click(ui.input());
    expect(within(await ui.list()).getByText('工业用水')).toBeTruthy();
    await userEvent.type(ui.input(), '商业');
    const list = await ui.list();
    expect(within(list).queryByText('工业用水')).toBeNull();
    expect(within(list).getByText('商业用水')).toBeTruthy();
    const listCalls = calls.filter((c) => c.url.includes('/data/residentCategory/list'));
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]?.url).toContain('page=1');
    expect(listCalls[0]?.url).toContain('limit=100');
  });

  it('answers the chosen category as { id, label: typeName }, and null once cleared', async () => {
    serve();
    const onChange = vi.fn();
    renderWithStore(<Chosen onChange={onChange} />);
    await userEvent.click(ui.input());
    await userEvent.click(within(await ui.list()).getByText('居民用水'));
    expect(onChange).toHaveBeenLastCalledWith({ id: 1, label: '居民用水' });
    await waitFor(() => expect((ui.input() as HTMLInputElement).value).toBe('居民用水'));
    await userEvent.click(ui.clear());
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
