// A small menu of check boxes that shows or hides a table's columns.
import { Button, Checkbox, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from './columnPreferences.ts';

export type ColumnChooserProps = {
  /** the table's columns */
  columns: readonly ColumnSpec[];
  /** whether a column (by label) is shown */
  isShown: (label: string) => boolean;
  /** called when the user shows or hides a column */
  onChange: (label: string, shown: boolean) => void;
  /** called to go back to the default columns */
  onReset: () => void;
};

export function ColumnChooser({ columns, isShown, onChange, onReset }: ColumnChooserProps) {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t('columns.choose')}>
          {columns.map((c) => (
            <li key={c.label} className="wo-column-choice">
              <Checkbox
                label={c.label}
                checked={isShown(c.label)}
                onChange={(e) => onChange(c.label, e.currentTarget.checked)}
              />
            </li>
          ))}
          <MenuDivider />
          <MenuItem icon="reset" text={t('columns.reset')} onClick={onReset} />
        </Menu>
      }
    >
      <Button icon="th-list" text={t('columns.choose')} variant="outlined" />
    </PopoverNext>
  );
}
