// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithStore } from '../../test/renderWithStore.tsx';
import { AreaSelect } from './AreaSelect.tsx';
import { RegionSelect } from './RegionSelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

const region = (id: number, regionName: string) => ({
  id,
  regionName,
  remark: null,
  areaCount: 0,
  createTime: '2024-05-01T08:00:00Z',
});
const REGIONS = [region(1, '东城片区'), region(2, '西城片区'), region(3, '朝阳片区')];
const AREAS = [
  { id: 11, areaName: '和平里小区' },
  { id: 12, areaName: '和平街小区' },
];

const ui = {
  input: (name: string) => screen.getByLabelText(name, { selector: 'input' }),
  list: (name: string) => screen.findByRole('listbox', { name }),
  choose: async (list: string, text: string) => userEvent.click(within(await ui.list(list)).getByText(text)),
};

/** The server of both selectors; the calls are kept. */
const serve = () =>
  fakeFetch((url) => {
    if (url.includes('/data/region/list')) return { code: 0, msg: 'ok', count: REGIONS.length, data: REGIONS };
    if (url.includes('/data/area/findListByAreaName')) return { code: 0, msg: 'ok', count: AREAS.length, data: AREAS };
    return { resp_code: 0, resp_msg: 'ok', datas: null };
  });

afterEach(() => vi.unstubAllGlobals());

function MultiRegions({ onChange }: { onChange: (v: SelectorItem[]) => void }) {
  const [value, setValue] = useState<SelectorItem[]>([]);
  return (
    <RegionSelect
      multiple
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function MultiAreas({ onChange }: { onChange: (v: SelectorItem[]) => void }) {
  const [value, setValue] = useState<SelectorItem[]>([]);
  return (
    <AreaSelect
      multiple
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('RegionSelect', () => {
  it('loads every region once (limit 999, page 1) and filters them locally as the user types', async () => {
    const calls = serve();
    renderWithStore(<MultiRegions onChange={() => undefined} />);
    await userEvent.click(ui.input('片区'));
    expect(within(await ui.list('片区')).getByText('朝阳片区')).toBeTruthy();
    await userEvent.type(ui.input('片区'), '西城');
    const list = await ui.list('片区');
    expect(within(list).queryByText('朝阳片区')).toBeNull();
    expect(within(list).getByText('西城片区')).toBeTruthy();
    const regionCalls = calls.filter((c) => c.url.includes('/data/region/list'));
    expect(regionCalls).toHaveLength(1);
    expect(regionCalls[0]?.url).toContain('page=1');
    expect(regionCalls[0]?.url).toContain('limit=999');
  });

  it('"全部" is exclusive: it clears the chosen regions, and a region clears it', async () => {
    serve();
    const onChange = vi.fn();
    renderWithStore(<MultiRegions onChange={onChange} />);
    await userEvent.click(ui.input('片区'));
    await ui.choose('片区', '东城片区');
    await ui.choose('片区', '西城片区');
    expect(onChange).toHaveBeenLastCalledWith([
      { id: 1, label: '东城片区' },
      { id: 2, label: '西城片区' },
    ]);
    await ui.choose('片区', '全部');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 0, label: '全部' }]);
    await ui.choose('片区', '朝阳片区');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 3, label: '朝阳片区' }]);
  });
});

describe('AreaSelect', () => {
  it('asks for 3 characters, then searches findListByAreaName by areaName, 50 a page', async () => {
    const calls = serve();
    renderWithStore(<MultiAreas onChange={() => undefined} />);
    await userEvent.click(ui.input('小区'));
    await userEvent.type(ui.input('小区'), '和平');
    expect(within(await ui.list('小区')).getByText('请至少输入 3 个字符')).toBeTruthy();
    expect(calls.filter((c) => c.url.includes('findListByAreaName'))).toHaveLength(0);
    await userEvent.type(ui.input('小区'), '里');
    await waitFor(() => expect(calls.filter((c) => c.url.includes('findListByAreaName'))).toHaveLength(1));
    const url = decodeURIComponent(calls.find((c) => c.url.includes('findListByAreaName'))?.url ?? '');
    expect(url).toContain('areaName=和平里');
    expect(url).toContain('limit=50');
    expect(url).toContain('page=1');
    expect(within(await ui.list('小区')).getByText('和平里小区')).toBeTruthy();
  });

  it('the empty entry "全部" is offered without typing and excludes the chosen areas', async () => {
    serve();
    const onChange = vi.fn();
    renderWithStore(<MultiAreas onChange={onChange} />);
    await userEvent.click(ui.input('小区'));
    await userEvent.type(ui.input('小区'), '和平里');
    await waitFor(async () => expect(within(await ui.list('小区')).getByText('和平街小区')).toBeTruthy());
    await ui.choose('小区', '和平街小区');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 12, label: '和平街小区' }]);
    await ui.choose('小区', '全部');
    expect(onChange).toHaveBeenLastCalledWith([{ id: 0, label: '全部' }]);
  });
});
