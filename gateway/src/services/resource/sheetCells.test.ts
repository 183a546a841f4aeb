import { describe, expect, it } from 'vitest';
import { cellText, contentDisposition, fileStamp, looksLikeXlsx, matchColumns, parseCell } from './sheetCells.ts';

describe('cellText', () => {
  it.each([
    ['nothing', null, ''],
    ['trimmed text', '  张三 ', '张三'],
    ['a mobile typed as a number', 13512345678, '13512345678'],
    ['a decimal', 1.5, '1.5'],
    ['a boolean', true, 'true'],
    ['rich text', { richText: [{ text: '操作' }, { text: '员 ' }] }, '操作员'],
    ['a hyperlink', { text: 'a@b.cn', hyperlink: 'mailto:a@b.cn' }, 'a@b.cn'],
    ['a formula by its result', { formula: 'A1', result: 42 }, '42'],
    ['an error cell', { error: '#N/A' }, ''],
  ])('%s', (_, cell, text) => {
    expect(cellText(cell)).toBe(text);
  });
});

describe('parseCell', () => {
  it.each([
    ['text', 'text', ' abc ', { value: 'abc' }],
    ['empty text is missing', 'text', '   ', { value: undefined }],
    ['number', 'number', '12.5', { value: 12.5 }],
    ['bad number', 'number', '十二', { error: { key: 'import.badNumber', params: { column: '数量' } } }],
    ['是', 'boolean', '是', { value: true }],
    ['否', 'boolean', '否', { value: false }],
    ['TRUE', 'boolean', 'TRUE', { value: true }],
    ['false', 'boolean', 'false', { value: false }],
    ['bad yes/no', 'boolean', '也许', { error: { key: 'import.badBoolean', params: { column: '数量' } } }],
    [
      'list on ASCII and full-width commas',
      'list',
      '操作员， 管理员,,审核员 ',
      { value: ['操作员', '管理员', '审核员'] },
    ],
    ['an empty list', 'list', '', { value: [] }],
  ] as const)('%s', (_, kind, text, expected) => {
    expect(parseCell(kind, text, '数量')).toEqual(expected);
  });
});

describe('matchColumns', () => {
  const expected = [
    ['用户名', 'User name'],
    ['昵称', 'Nickname'],
  ];
  it('finds columns in any order and either language, ignoring case, spaces and extra columns', () => {
    expect(matchColumns(['失败原因', ' nickname ', '用户名'], expected)).toEqual({ indexes: [2, 1] });
  });
  it('names the missing columns by their first header', () => {
    expect(matchColumns(['User name'], expected)).toEqual({ missing: ['昵称'] });
  });
  it('lets an optional column be left out (index -1), never a required one', () => {
    expect(matchColumns(['User name'], expected, [false, true])).toEqual({ indexes: [0, -1] });
    expect(matchColumns(['Nickname'], expected, [false, true])).toEqual({ missing: ['用户名'] });
  });
});

describe('download names', () => {
  it('stamps a file with local YYYYMMDDHHmmss', () => {
    expect(fileStamp(new Date(2024, 4, 7, 9, 3, 2))).toBe('20240507090302');
  });
  it('gives a UTF-8 name and an ASCII fallback', () => {
    expect(contentDisposition("账号-2024 (1)'.xlsx")).toBe(
      `attachment; filename="_-2024_1_.xlsx"; filename*=UTF-8''%E8%B4%A6%E5%8F%B7-2024%20%281%29%27.xlsx`,
    );
  });
  it('knows an .xlsx (zip) by its first bytes', () => {
    expect(looksLikeXlsx(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(looksLikeXlsx(Buffer.from('username,nickname'))).toBe(false);
    expect(looksLikeXlsx(Buffer.from([0x50, 0x4b]))).toBe(false);
  });
});
