// Reading and writing .xlsx workbooks with exceljs: a header row in bold plus data rows out; the first sheet's header
// row and non-empty data rows (as cell text) in. Everything else (which columns, what they mean) is the caller's.
import ExcelJS from 'exceljs';
import { cellText, type RawCell } from './sheetCells.ts';

export type SheetData = {
  /** the tab's name (Excel allows at most 31 characters and no []:*?/\) */
  name: string;
  headers: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
};

const safeSheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** A workbook of these sheets, as the bytes of an .xlsx file. */
export const writeWorkbook = async (sheets: readonly SheetData[]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'WaterOps';
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(safeSheetName(s.name), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.headers.map((h) => ({
      header: h,
      // wide enough for the header (CJK characters count double) and not absurdly wide
      width: Math.min(
        40,
        Math.max(
          12,
          [...h].reduce((w, c) => w + ((c.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 2),
        ),
      ),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow([...row]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

export type ReadSheet = {
  /** the first row's cell texts */
  headers: string[];
  /** each non-empty row after the header: its number in the sheet (header = 1) and cell texts by column index */
  rows: { row: number; cells: string[] }[];
};

/** The first worksheet of an .xlsx file. Throws when the bytes are not a readable workbook. */
export const readFirstSheet = async (content: Buffer): Promise<ReadSheet> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no worksheet');
  const textsOf = (r: ExcelJS.Row): string[] => {
    const out: string[] = [];
    r.eachCell({ includeEmpty: false }, (cell, col) => {
      out[col - 1] = cellText(cell.value as RawCell);
    });
    return Array.from(out, (v) => v ?? '');
  };
  const headers = textsOf(sheet.getRow(1));
  const rows: ReadSheet['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cells = textsOf(r);
    if (cells.some((c) => c !== '')) rows.push({ row: n, cells });
  });
  return { headers, rows };
};
