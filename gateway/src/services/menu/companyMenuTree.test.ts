import { PERMISSIONS } from '@waterops/shared/auth';
import { describe, expect, it } from 'vitest';
import { buildCompanyMenuTree, type CompanyMenuRow } from './companyMenuTree.ts';

const row = (id: number, parent: number, extra: Partial<CompanyMenuRow> = {}): CompanyMenuRow => ({
  id,
  parent_id: parent,
  name: `m${id}`,
  name_en: `m${id}-en`,
  type: 0,
  permission: null,
  hidden: false,
  sort: id,
  opened: true,
  ...extra,
});

describe('buildCompanyMenuTree', () => {
  const rows = [
    row(3, 0, { type: 1, opened: false, sort: 1 }),
    row(4, 3),
    row(1, 0, { sort: 5 }),
    row(2, 1, { type: 2, permission: PERMISSIONS.profileView }),
    row(5, 42),
  ];
  const tree = buildCompanyMenuTree(rows, 'en');

  it('orders by sort, localizes names and shows an orphan at the top level', () => {
    expect(tree.map((e) => e.name)).toEqual(['m3-en', 'm1-en', 'm5-en']);
  });
  it('marks everything below a closed entry not open', () => {
    expect(tree[0]?.opened).toBe(false);
    expect(tree[0]?.subMenus[0]?.opened).toBe(false);
    expect(tree[1]?.opened).toBe(true);
  });
  it('marks the entries the shell needs as required, with their ancestors', () => {
    expect(tree[1]?.required).toBe(true);
    expect(tree[1]?.subMenus[0]?.required).toBe(true);
    expect(tree[0]?.required).toBe(false);
  });
});
