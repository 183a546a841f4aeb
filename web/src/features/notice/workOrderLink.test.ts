import type { MenuEntry } from '@waterops/shared/user';
import { describe, expect, it } from 'vitest';
import { workOrderPath, workOrderRouteFor } from './workOrderLink.ts';

const entry = (id: number, path: string, url: string, subMenus: MenuEntry[] = []): MenuEntry => ({
  id,
  parentId: 0,
  name: path,
  path,
  url,
  css: '',
  type: subMenus.length > 0 ? 1 : 0,
  hidden: false,
  sort: id,
  subMenus,
});
const group = (...pages: MenuEntry[]) => [entry(1, 'Layout', '/workorders', pages)];
const dispatch = entry(2, 'workorder/WorkOrderPage', '/workorder');
const mine = entry(3, 'workorder/MyWorkOrdersPage', '/workorder/mine');

describe("a to-do's link (spec §2: the work-order page with ?code=)", () => {
  it('opens the dispatch page for a user whose menus hold it', () => {
    expect(workOrderRouteFor(group(dispatch, mine))).toBe('/workorder');
    expect(workOrderPath('GD2026112500001', workOrderRouteFor(group(dispatch)))).toBe(
      '/workorder?code=GD2026112500001',
    );
  });
  it("opens a crew member's own orders otherwise", () => {
    expect(workOrderRouteFor(group(mine))).toBe('/workorder/mine');
    expect(workOrderRouteFor([])).toBe('/workorder/mine');
  });
  it('uses the path the menus give the page', () => {
    expect(workOrderRouteFor(group(entry(4, 'workorder/WorkOrderPage', '/dispatch')))).toBe('/dispatch');
  });
  it('escapes the code and leaves it out when there is none', () => {
    expect(workOrderPath('A&B', '/workorder/mine')).toBe('/workorder/mine?code=A%26B');
    expect(workOrderPath(null)).toBe('/workorder');
  });
});
