// The pure half of spreadsheet export and import: what a cell holds as text, how an import column reads it (text,
// number, yes/no, list), which sheet column is which import column, and the download headers. No exceljs here.
import type { MessageKey } from '@waterops/shared/i18n';

/** How an import column turns its cell text into a save-body value. */
export type CellKind = 'text' | 'number' | 'boolean' | 'list';

/** A cell as exceljs hands it over: plain values, rich text, hyperlinks, formulas with their result, errors. */
export type RawCell =
  | string
  | number
  | boolean
  | Date
  | null
  | undefined
  | { richText: { text: string }[] }
  | { text: unknown; hyperlink: string }
  | { formula?: string; sharedFormula?: string; result?: unknown }
  | { error: string }
  | Record<string, unknown>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone (spec §9 date format). */
export const formatDateTime = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The text of a cell, trimmed: what a person sees in it. Whole numbers have no `.0`; dates use formatDateTime. */
export const cellText = (cell: RawCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'string') return cell.trim();
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  if (cell instanceof Date) return formatDateTime(cell);
  if ('richText' in cell && Array.isArray(cell.richText))
    return (cell.richText as { text: string }[])
      .map((r) => r.text)
      .join('')
      .trim();
  if ('hyperlink' in cell) return cellText(cell.text as RawCell);
  if ('result' in cell) return cellText(cell.result as RawCell);
  return '';
};

export type CellError = { key: MessageKey; params: Record<string, string> };
export type Parsed = { value: unknown } | { error: CellError };

const YES = new Set(['是', 'true', 'yes', 'y', '1']);
const NO = new Set(['否', 'false', 'no', 'n', '0']);

/**
 * A cell's value for the save body. An empty cell is undefined (the save rules then say what is missing); a list
 * is split on ASCII or full-width commas (`,` `，`) and empty items dropped; yes/no takes 是/否 and true/false.
 * `column` is the localized header, named in the error.
 */
export const parseCell = (kind: CellKind, text: string, column: string): Parsed => {
  const t = text.trim();
  if (kind === 'list')
    return {
      value: t
        .split(/[,，]/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    };
  if (t === '') return { value: undefined };
  if (kind === 'number') {
    const n = Number(t);
    return Number.isFinite(n) ? { value: n } : { error: { key: 'import.badNumber', params: { column } } };
  }
  if (kind === 'boolean') {
    const lower = t.toLowerCase();
    if (YES.has(lower)) return { value: true };
    if (NO.has(lower)) return { value: false };
    return { error: { key: 'import.badBoolean', params: { column } } };
  }
  return { value: t };
};

/**
 * Where each expected column sits in the sheet's header row, or the expected columns that are missing (named by their
 * first header). A column may be known by several headers (its name in each language), so a sheet made in Chinese
 * imports from the English page too; case and surrounding spaces are ignored, other columns (the reason column of a
 * failures file…) are ignored. An optional column that is not there reads as empty cells (index -1): a sheet made
 * by hand with only the columns it fills in still imports.
 */
export const matchColumns = (
  sheetHeaders: readonly string[],
  expected: readonly (readonly string[])[],
  optional: readonly boolean[] = [],
): { indexes: number[] } | { missing: string[] } => {
  const norm = (s: string) => s.trim().toLowerCase();
  const at = new Map<string, number>();
  sheetHeaders.forEach((h, i) => {
    if (!at.has(norm(h))) at.set(norm(h), i);
  });
  const found = expected.map((names) => names.map((n) => at.get(norm(n))).find((i) => i !== undefined));
  const missing = expected.filter((_, k) => found[k] === undefined && !optional[k]).map((names) => names[0] ?? '');
  if (missing.length) return { missing };
  return { indexes: found.map((i) => i ?? -1) };
};

/** `YYYYMMDDHHmmss` of a time in the server's time zone, for file names. */
export const fileStamp = (d: Date): string =>
  `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;

/**
 * `attachment; filename="<ascii fallback>"; filename*=UTF-8''<encoded name>` (RFC 6266 / 5987): browsers take the
 * UTF-8 name (Chinese included); the fallback keeps ASCII letters, digits and `._-` only.
 */
export const contentDisposition = (fileName: string): string => {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/_+/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
};

/** A zip archive (an .xlsx is one) starts with `PK\x03\x04`. Anything else is not an .xlsx. */
export const looksLikeXlsx = (content: Buffer): boolean =>
  content.length >= 4 && content[0] === 0x50 && content[1] === 0x4b && content[2] === 0x03 && content[3] === 0x04;
