// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../app/i18n.ts';
import { type RemoteSearch, RemoteSelect, toggleExclusive } from './RemoteSelect.tsx';

type Area = { id: number; name: string };
const area = (id: number): Area => ({ id, name: `小区 ${id}` });
const EMPTY: Area = { id: 0, name: '(空)' };

const ui = {
  input: () => screen.getByRole('combobox', { name: '小区' }),
  multiInput: () => screen.getByLabelText('小区', { selector: 'input' }),
  list: () => screen.getByRole('listbox', { name: '小区' }),
  option: (name: string) => screen.getByRole('option', { name }),
  /** the option's text, where Blueprint's MenuItem takes the click */
  choose: (name: string) => within(screen.getByRole('option', { name })).getByText(name),
  typeMore: () => screen.queryByText('请至少输入 3 个字符'),
};

let search: ReturnType<typeof vi.fn<RemoteSearch<Area>>>;

beforeEach(() => {
  setUpI18n('zh-CN');
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // 120 areas in all, 50 a page
  search = vi.fn<RemoteSearch<Area>>(async (_q, page) => ({
    items: Array.from({ length: page < 3 ? 50 : 20 }, (_, i) => area((page - 1) * 50 + i + 1)),
    count: 120,
  }));
});
afterEach(() => vi.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

function Single() {
  const [value, setValue] = useState<Area | null>(null);
  return (
    <RemoteSelect<Area>
      label="小区"
      search={search}
      itemKey={(a) => a.id}
      itemLabel={(a) => a.name}
      value={value}
      onChange={setValue}
    />
  );
}

function Multiple({ onChange }: { onChange: (v: Area[]) => void }) {
  const [value, setValue] = useState<Area[]>([]);
  return (
    <RemoteSelect<Area>
      multiple
      label="小区"
      search={search}
      itemKey={(a) => a.id}
      itemLabel={(a) => a.name}
      fixedItems={[EMPTY]}
      isExclusive={(a) => a.id === 0}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('the remote search selector', () => {
  it('asks for more input and sends nothing under 3 characters', async () => {
    render(<Single />);
    await user().type(ui.input(), 'ab');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(ui.typeMore()).toBeTruthy();
    expect(search).not.toHaveBeenCalled();
  });

  it('sends one request after the debounce, for the last text typed', async () => {
    render(<Single />);
    const u = user();
    await u.type(ui.input(), 'abc');
    await u.type(ui.input(), 'd');
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('abcd', 1);
    expect(ui.option('小区 1')).toBeTruthy();
    expect(ui.typeMore()).toBeNull();
  });

  it('loads the next page when the list is scrolled near its bottom', async () => {
    render(<Single />);
    await user().type(ui.input(), 'abc');
    await act(() => vi.advanceTimersByTimeAsync(300));
    const list = ui.list();
    Object.defineProperty(list, 'scrollHeight', { value: 1500, configurable: true });
    Object.defineProperty(list, 'clientHeight', { value: 300, configurable: true });
    list.scrollTop = 100;
    fireEvent.scroll(list);
    expect(search).toHaveBeenCalledTimes(1);
    list.scrollTop = 1180;
    fireEvent.scroll(list);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(search).toHaveBeenLastCalledWith('abc', 2);
    expect(ui.option('小区 100')).toBeTruthy();
  });

  it('treats the empty area as exclusive in the multi-select', async () => {
    const changes = vi.fn();
    render(<Multiple onChange={changes} />);
    const u = user();
    await u.type(ui.multiInput(), 'abc');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await u.click(ui.choose('小区 1'));
    await u.type(ui.multiInput(), 'abc');
    await act(() => vi.advanceTimersByTimeAsync(300));
    await u.click(ui.choose('小区 2'));
    expect(changes).toHaveBeenLastCalledWith([area(1), area(2)]);
    await u.click(ui.choose('(空)'));
    expect(changes).toHaveBeenLastCalledWith([EMPTY]);
  });
});

describe('toggleExclusive', () => {
  const same = (a: Area, b: Area) => a.id === b.id;
  const isEmpty = (a: Area) => a.id === 0;
  it.each([
    ['adds an area', [area(1)], area(2), [area(1), area(2)]],
    ['removes a chosen area', [area(1), area(2)], area(1), [area(2)]],
    ['the empty entry clears the others', [area(1), area(2)], EMPTY, [EMPTY]],
    ['an area clears the empty entry', [EMPTY], area(3), [area(3)]],
    ['choosing the empty entry again removes it', [EMPTY], EMPTY, []],
  ])('%s', (_name, selected, item, expected) => {
    expect(toggleExclusive(selected, item, same, isEmpty)).toEqual(expected);
  });
});
