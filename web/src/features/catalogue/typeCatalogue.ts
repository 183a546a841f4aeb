// What the three "type" catalogue pages (meter models, collector types, resident categories) share: the type name
// field with its rule and `exist` check (spec §5 "type name must be unique"), the common columns, option lists.
import { validateTypeName } from '@waterops/shared/catalogue';
import { formatDateTime } from '../../components/dateRange.ts';
import type { ColumnDef, FieldDef, OptionDef } from '../../resources/types.ts';

type Typed = { id: number; typeName: string; remark: string | null; createTime: string };

/** The type name; its length limit comes from the form's save schema (NAME_MAX, spec §5). */
export const typeNameField = <Row extends Typed>(existUrl: string): FieldDef<Row> => ({
  key: 'typeName',
  labelKey: 'catalogue.typeName',
  rules: [(_v, values) => validateTypeName(values)[0]?.message ?? null],
  exist: (value, editing) => ({
    url: existUrl,
    params: { field: 'typeName', value, ...(editing ? { id: editing.id } : {}) },
  }),
});

export const remarkField = <Row>(): FieldDef<Row> => ({ key: 'remark', labelKey: 'catalogue.remark' });

export const typeNameColumn = <Row extends Typed>(): ColumnDef<Row> => ({
  key: 'typeName',
  titleKey: 'catalogue.typeName',
  width: 180,
  sortable: true,
});

/** Remark and created; a wide list (meter models) keeps the remark in the column chooser so it fits 1440 px. */
export const trailingColumns = <Row extends Typed>(hideRemark = false): ColumnDef<Row>[] => [
  {
    key: 'remark',
    titleKey: 'catalogue.remark',
    width: 200,
    grow: true,
    hiddenByDefault: hideRemark,
    text: (r) => r.remark ?? '',
  },
  {
    key: 'createTime',
    titleKey: 'catalogue.createTime',
    width: 170,
    sortable: true,
    text: (r) => formatDateTime(new Date(r.createTime)),
  },
];

/** The kinds of meter (1–5) and of collector link (1–2) as select options, labelled by the client texts. */
export const METER_KIND_OPTIONS: OptionDef[] = [1, 2, 3, 4, 5].map((k) => ({
  value: String(k),
  labelKey: `catalogue.meterKind${k}`,
}));
export const LINK_KIND_OPTIONS: OptionDef[] = [1, 2].map((k) => ({
  value: String(k),
  labelKey: `catalogue.linkKind${k}`,
}));

/** Manufacturer choices of a form or filter, first "none"/"all". */
export const manufacturerOptions = (manufacturers: readonly { id: number; name: string }[], emptyKey: string) => [
  { value: '', labelKey: emptyKey },
  ...manufacturers.map((m) => ({ value: String(m.id), label: m.name })),
];

export const idOrNull = (text: string | undefined) => (text ? Number(text) : null);
export const numberOrNull = (text: string | undefined) => (text && text.trim() !== '' ? Number(text) : null);
