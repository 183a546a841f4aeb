// The spreadsheet of the complaints list (GET complaint/export): the list's rows for the same filters and sort, its
// columns and labels from the fields declared once (COMPLAINT_FIELDS: `sheetFieldsOf`), enumerations and times in
// the reader's language and China time.

import type { TSchema } from '@sinclair/typebox';
import { COMPLAINT_FIELDS, type Complaint } from '@waterops/shared/complaint';
import { type Fields, fieldLabelKey, optionLabelKey, sheetFieldsOf } from '@waterops/shared/fields';
import type { MessageKey } from '@waterops/shared/i18n';
import type { SheetData } from '../resource/xlsxSheet.ts';

type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;
type Cell = string | number | null;

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `YYYY-MM-DD HH:mm:ss` in China time (spec §9 date format), whatever the server's time zone. */
export const chinaDateTime = (iso: string): string =>
  new Date(new Date(iso).getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

const isInstant = (s: TSchema): boolean => {
  const branches = ((s as { anyOf?: TSchema[] }).anyOf ?? [s]) as { format?: string }[];
  return branches.some((b) => b.format === 'date-time');
};

/** How each exported field of a declaration reads in a cell: option labels, China times, or the value. */
export const sheetColumnsOf = <Row extends Record<string, unknown>>(prefix: string, fields: Fields) =>
  sheetFieldsOf(fields).map((name) => {
    const f = fields[name] as Fields[string];
    const cell = (row: Row, t: Translate): Cell => {
      const v = row[name];
      if (v === null || v === undefined || v === '') return null;
      if (f.options && typeof v === 'string') return t(optionLabelKey(prefix, name, v) as MessageKey);
      if (isInstant(f.schema) && typeof v === 'string') return chinaDateTime(v);
      return typeof v === 'number' ? v : String(v);
    };
    return { header: fieldLabelKey(prefix, name) as MessageKey, cell };
  });

const COLUMNS = sheetColumnsOf<Complaint>('complaint', COMPLAINT_FIELDS);

/** The sheet of these complaints, in the reader's language. */
export const complaintSheet = (rows: readonly Complaint[], t: Translate): SheetData => ({
  name: t('complaint.sheet.file'),
  headers: COLUMNS.map((c) => t(c.header)),
  rows: rows.map((r) => COLUMNS.map((c) => c.cell(r, t))),
});
