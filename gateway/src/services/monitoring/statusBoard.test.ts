import { describe, expect, it } from 'vitest';
import { etagMatches } from '../conditionalGet.ts';
import { type BoardRow, boardCells, boardEtag } from './statusBoard.ts';

const rows: BoardRow[] = [
  { kind: 'meter', areaId: 2, areaName: '北区', regionId: 20, online: 5, total: 8 },
  { kind: 'meter', areaId: null, areaName: null, regionId: null, online: 1, total: 1 },
  { kind: 'concentrator', areaId: 1, areaName: '东区', regionId: 10, online: 1, total: 1 },
  { kind: 'meter', areaId: 1, areaName: '东区', regionId: 10, online: 0, total: 3 },
];

describe('boardCells', () => {
  it('gives every row as a cell with its offline count, by kind then area name, no area last', () => {
    expect(boardCells(rows, null).map((c) => [c.id, c.offline])).toEqual([
      ['concentrator:1', 0],
      ['meter:1', 3],
      ['meter:2', 3],
      ['meter:0', 0],
    ]);
  });

  it.each([
    [{ areaIds: [1], regionIds: [] }, ['concentrator:1', 'meter:1']],
    [{ areaIds: [], regionIds: [20] }, ['meter:2']],
    [{ areaIds: [1], regionIds: [20] }, ['concentrator:1', 'meter:1', 'meter:2']],
    [{ areaIds: [], regionIds: [] }, []],
  ])('a scope %j sees its areas and its regions’ areas, never devices without an area', (scope, ids) => {
    expect(boardCells(rows, scope).map((c) => c.id)).toEqual(ids);
  });
});

describe('boardEtag and etagMatches', () => {
  const cells = boardCells(rows, null);
  it('changes with a count and with the language, not otherwise', () => {
    const tag = boardEtag(cells, 'zh-CN');
    expect(boardEtag(boardCells([...rows], null), 'zh-CN')).toBe(tag);
    expect(boardEtag(cells, 'en')).not.toBe(tag);
    const flipped = rows.map((r) => (r.areaId === 2 ? { ...r, online: 4 } : r));
    expect(boardEtag(boardCells(flipped, null), 'zh-CN')).not.toBe(tag);
  });

  it.each([
    [undefined, false],
    ['W/"x"', true],
    ['"x"', true],
    ['"y", W/"x"', true],
    ['*', true],
    ['"y"', false],
  ])('If-None-Match %s against W/"x" → %s', (header, match) => {
    expect(etagMatches(header, 'W/"x"')).toBe(match);
  });
});
