// The resource descriptor: a management page as data (handbook conventions, "Management pages are descriptors").
// ResourceListPage and ResourceEditDialog read it; a page that needs more than this is a documented exception.
import type { IconName, Intent } from '@blueprintjs/core';
import type { TSchema } from '@sinclair/typebox';
import type { PageResult } from '@waterops/shared/api';
import type { ReactNode } from 'react';
import type { RequestConfig } from '../api/request.ts';

/** What a filter holds: text as typed, a chosen option, or one end of a date range. */
export type FilterValue = string | Date | null;
export type FilterValues = Record<string, FilterValue>;

/** A choice of a select: an i18n key, or a label from the server (already in the request language). */
export type OptionDef = { value: string; labelKey?: string; label?: string };

/** The props of a field's own input (`FieldDef.render`): its value is text like any other field's. */
export type FieldInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** whether the field must be filled (for `aria-required` on the input) */
  required?: boolean;
};

export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection };

/** One page of a list as the page asks for it. */
export type ListRequest<Filters extends FilterValues> = {
  filters: Filters;
  page: number;
  limit: number;
  sort: SortState | null;
};

/** What a list source returns (the shape of an RTK Query hook result, narrowed). */
export type ListState<Row> = {
  data?: PageResult<Row>;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

/**
 * Where the rows come from: a GET path with an optional query builder (served by the generic `resourceList`
 * endpoint and refreshed after the framework's own saves and deletes), or an existing RTK Query endpoint wrapped
 * in a hook.
 */
export type ListSource<Row, Filters extends FilterValues> =
  | {
      path: string;
      /** the query parameters of one page; default: trimmed filters, dates in ISO 8601, page, limit, sort, order */
      query?: (request: ListRequest<Filters>) => Record<string, unknown>;
    }
  | { useList: (request: ListRequest<Filters>) => ListState<Row> };

export type ColumnDef<Row> = {
  /** identity in sorting (sent to the server) */
  key: string;
  /** i18n key of the header; its text is also the column's identity in the stored preferences (spec §2) */
  titleKey: string;
  /** width in px (default 150) */
  width?: number;
  /** takes the width left over when the table is wider than its columns */
  grow?: boolean;
  /** the cell's content; default: the row's value under `key` as text */
  render?: (row: Row) => ReactNode;
  /** the cell's plain text (for its tooltip and a default render) */
  text?: (row: Row) => string;
  /** sorted by the server when its header is clicked */
  sortable?: boolean;
  /** hidden until the user shows it in the column chooser */
  hiddenByDefault?: boolean;
};

export type FilterDef<Filters extends FilterValues> =
  | {
      kind: 'text';
      key: keyof Filters & string;
      labelKey: string;
      placeholderKey?: string;
      icon?: IconName;
    }
  | {
      kind: 'select';
      key: keyof Filters & string;
      labelKey: string;
      /** the options; the first entry of the list is "all" (an empty value) */
      options: readonly OptionDef[];
    }
  | {
      kind: 'dateRange';
      startKey: keyof Filters & string;
      endKey: keyof Filters & string;
      labelKey: string;
    };

/** A rule over one trimmed value (and the others): a message key when broken, else null. */
export type FieldRule = (value: string, values: Record<string, string>) => string | null;

export type FieldDef<Row> = {
  key: string;
  labelKey: string;
  placeholderKey?: string;
  kind?: 'text' | 'password' | 'select';
  /** for select fields */
  options?: readonly OptionDef[];
  /** an input of the page's own (a multi-select…); it holds its value as text, e.g. ids joined by commas */
  render?: (props: FieldInputProps) => ReactNode;
  /** only shown (and checked) when creating, e.g. the initial password */
  createOnly?: boolean;
  /** checked in order on blur and on submit; the first broken one shows its message */
  rules?: readonly FieldRule[];
  /**
   * Marked required (an asterisk; `aria-required`). Default: when its rules refuse an empty value. Set it for a field
   * whose rule is only on the server, or to false for one that is required only given other values; or a function of
   * the form's values for one whose need follows another field (a meter's area, by its kind).
   */
  required?: boolean | ((values: Record<string, string>) => boolean);
  /**
   * The longest text the input takes. Default: the form's `schema` limit for the field's key (declared once, in
   * shared); set it for an input shorter than its schema text (a number typed as text) or a key the schema names
   * otherwise.
   */
  maxLength?: number;
  /** the field's text when editing `row` (default: its value under `key`) */
  initial?: (row: Row) => string;
  /** read-only when editing */
  readOnlyOnEdit?: boolean;
  /**
   * Asks the server whether the value is taken (an `exist` call, spec §7) before submitting; the response's
   * `datas` is true when it is. Skipped when editing and the value is unchanged.
   */
  exist?: (value: string, editing: Row | undefined) => RequestConfig;
};

export type FormDef<Row> = {
  /** i18n key of one item's name, for the dialog title: 新增水表 / New water meter, 编辑水表 / Edit water meter */
  itemKey: string;
  /**
   * The save body's schema (shared): each text field takes its `maxLength` from the property of the same key, so
   * the input stops where the server would refuse.
   */
  schema?: TSchema;
  fields: readonly FieldDef<Row>[];
  /** the save call: create when `editing` is undefined, update otherwise; values are trimmed */
  save: (values: Record<string, string>, editing: Row | undefined) => RequestConfig;
  /** dialog width in px (default 520) */
  width?: number;
  createPermissions?: readonly string[];
  editPermissions?: readonly string[];
};

export type RowAction<Row> = {
  id: string;
  labelKey: string;
  icon?: IconName;
  intent?: Intent;
  /** shown to users holding at least one of these ('admin' holds all) */
  permissions?: readonly string[];
  /** whether the row offers it (its state allows it); default: every row */
  visible?: (row: Row) => boolean;
  onClick?: (row: Row) => void;
  /** a dialog the action opens for the row (grant menus, reset password…); it calls onClose when done */
  dialog?: (props: { row: Row; onClose: () => void }) => ReactNode;
};

export type BatchAction<Row> = {
  id: string;
  labelKey: string;
  icon?: IconName;
  intent?: Intent;
  permissions?: readonly string[];
  onClick: (rows: Row[]) => void | Promise<void>;
};

/** The import paths of a list (shared `sheetPaths`) and who may import. */
export type ImportDef = {
  templatePath: string;
  uploadPath: string;
  jobPath: (id: number) => string;
  failuresPath: (id: number) => string;
  permissions?: readonly string[];
};

export type ResourceDescriptor<Row, Filters extends FilterValues = FilterValues> = {
  /** the table's id: its stored column preferences and cache tag */
  id: string;
  titleKey: string;
  icon?: IconName;
  list: ListSource<Row, Filters>;
  rowKey: (row: Row) => string | number;
  columns: readonly ColumnDef<Row>[];
  filters?: readonly FilterDef<Filters>[];
  /** the filters when the page opens and after Reset */
  initialFilters: Filters;
  defaultSort?: SortState;
  /** i18n key of the empty state's title (default: common.empty) */
  emptyKey?: string;
  emptyIcon?: IconName;
  /** create and edit; left out for a read-only page */
  form?: FormDef<Row>;
  /** delete with confirmation */
  remove?: { request: (row: Row) => RequestConfig; permissions?: readonly string[] };
  actions?: readonly RowAction<Row>[];
  /** shown above the table; act on the selected rows */
  batchActions?: readonly BatchAction<Row>[];
  /** GET path of the spreadsheet export: the toolbar's Export button downloads the list's current filters and sort */
  exportPath?: string;
  exportPermissions?: readonly string[];
  /** spreadsheet import: the toolbar's Import button opens the dialog (template, upload, job progress, failed rows) */
  import?: ImportDef;
};
