// A declared entity (shared/src/fields) on the generic list page: its columns as the declarations give them — header,
// width, server sort, hidden until chosen —, each cell's text from the entity's field-to-text (`fieldTextOf`), and the
// options of a select filter over one of its enumerations.
import { columnsOf, type Fields, optionLabelKey } from '@waterops/shared/fields';
import type { ReactNode } from 'react';
import type { ColumnDef, OptionDef } from './types.ts';

/** The list columns of the declarations: `text` gives each cell's text, `render` the cells that are more than text. */
export const declaredColumns = <Row, F extends Fields>(
  prefix: string,
  fields: F,
  text: (row: Row, field: keyof F & string) => string,
  render: Partial<Record<keyof F & string, (row: Row) => ReactNode>> = {},
): ColumnDef<Row>[] =>
  columnsOf(prefix, fields).map((c) => {
    const field = c.field as keyof F & string;
    const cell = render[field];
    return {
      key: field,
      titleKey: c.labelKey,
      width: c.width,
      sortable: c.sortable,
      hiddenByDefault: c.hidden,
      text: (row: Row) => text(row, field),
      ...(cell ? { render: cell } : {}),
    };
  });

/** A select filter's options over an enumeration: "all" (`allKey`) first, then each value by `<prefix>.<name>.<value>`. */
export const enumOptions = (allKey: string, prefix: string, name: string, values: readonly string[]): OptionDef[] => [
  { value: '', labelKey: allKey },
  ...values.map((v) => ({ value: v, labelKey: optionLabelKey(prefix, name, v) })),
];
