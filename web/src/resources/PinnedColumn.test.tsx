// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeUserServer } from '../test/renderDialog.tsx';
import { renderWithStore } from '../test/renderWithStore.tsx';
import { pinnedLeft } from './PinnedColumn.tsx';
import { headerWidth, ResourceListPage } from './ResourceListPage.tsx';
import { type Meter, meter, meterResource } from './testResource.tsx';
import type { ResourceDescriptor } from './types.ts';

// a list as wide as 水表管理: more columns than the screen shows, the row actions last
const wideResource: ResourceDescriptor<Meter, { code: string }> = {
  ...meterResource,
  id: 'test.wideMeters',
  batchActions: [],
  columns: [
    { key: 'code', titleKey: 'log.username', sortable: true },
    ...Array.from({ length: 11 }, (_, i) => ({ key: `c${i}`, titleKey: 'log.ip', text: () => `列 ${i}` })),
  ],
};

const renderWide = () => {
  const calls = fakeUserServer(demoUser(), (url) =>
    url.split('?')[0]?.endsWith('/api-test/meters')
      ? { code: 0, msg: 'ok', count: 3, data: [meter(1), meter(2), meter(3)] }
      : undefined,
  );
  renderWithStore(<ResourceListPage descriptor={wideResource} />, { session: { signedIn: true } });
  return calls;
};

describe('the row actions of a wide list', () => {
  it("are drawn for every row in a column pinned to the table's right edge, whatever Table2 draws", async () => {
    const calls = renderWide();
    await screen.findByText('M0001');
    const deletes = screen.getAllByRole('button', { name: '删除' });
    // one per row (Table2's own cells of the column stay empty: no second copy)
    expect(deletes).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: '编辑' })).toHaveLength(3);
    for (const button of deletes) expect(button.closest('.wo-pinned-column')).not.toBeNull();
    // the pinned row i acts on row i
    await userEvent.click(deletes[1] as HTMLElement);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    await expect.poll(() => calls.find((c) => c.method === 'DELETE')?.url).toContain('/api-test/meters/2');
  });
});

describe('where the pinned column sits', () => {
  it.each([
    // offset, scrollLeft, view width, column width → left, pinned over other columns
    [1000, 0, 800, 150, 650, true], // scrolled out of view to the right: at the right edge, over the rows
    [1000, 350, 800, 150, 650, false], // scrolled to the end: its own place is the right edge
    [500, 0, 800, 150, 500, false], // the table is narrower than the view: its own place
    [1000, 200, 800, 150, 650, true],
  ])(
    'offset %i, scrolled %i, view %i, width %i: left %i, over the rows %s',
    (offset, scroll, view, width, left, over) => {
      expect(pinnedLeft(offset, scroll, view, width)).toEqual({ left, pinned: over });
    },
  );
});

describe("a column's least width for its header", () => {
  // text widths measured in Chromium (bold 14 px, the app's font stack), plus the header's 8 px padding each side
  it.each([
    ['Online state', false, 82.7],
    ['Residential area', false, 111.3],
    ['Actions', false, 51],
    ['Body code', true, 71.4],
    ['在线状态', false, 56],
    ['表身号前缀', true, 70],
  ])('%s (sortable: %s) fits its %f px of text', (title, sortable, text) => {
    expect(headerWidth(title, sortable)).toBeGreaterThanOrEqual(Math.ceil(text + 16 + (sortable ? 26 : 0)));
  });
});
