// The icon field of the menu form: a searchable list of Blueprint icon names, each shown with its icon, the chosen
// one previewed on the button; "no icon" clears it. Menu `css` holds the icon name (shell/menuIcon.ts reads it).
import { Button, type IconName, MenuItem } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { type ItemListPredicate, type ItemRenderer, Select } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';

/** How many matches are listed at once (the whole set is ~600 icons): type to narrow. */
const SHOWN = 60;
const ALL: readonly string[] = [...new Set<string>(Object.values(IconNames))].sort();
/** '' is "no icon" */
const NONE = '';

/** The names containing the query (case and '-' / space ignored), the exact match first, at most SHOWN. */
export const matchIcons = (query: string): string[] => {
  const q = query.trim().toLowerCase().replaceAll(' ', '-');
  if (q === '') return [NONE, ...ALL.slice(0, SHOWN - 1)];
  const hits = ALL.filter((name) => name.includes(q));
  return [...hits.filter((n) => n === q), ...hits.filter((n) => n !== q)].slice(0, SHOWN);
};

export type IconPickerProps = {
  /** the input's id (for its label) */
  id: string;
  /** the chosen icon name, '' for none */
  value: string;
  onChange: (value: string) => void;
};

export function IconPicker({ id, value, onChange }: IconPickerProps) {
  const { t } = useTranslation();
  const known = ALL.includes(value);
  const predicate: ItemListPredicate<string> = (query) => matchIcons(query);
  const renderItem: ItemRenderer<string> = (name, { handleClick, handleFocus, modifiers, ref }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={name || 'none'}
        ref={ref}
        icon={name ? (name as IconName) : 'blank'}
        text={name || t('menuAdmin.iconNone')}
        active={modifiers.active}
        selected={name === value}
        onClick={handleClick}
        onFocus={handleFocus}
        roleStructure="listoption"
      />
    ) : null;
  return (
    <Select<string>
      items={ALL as string[]}
      itemListPredicate={predicate}
      itemRenderer={renderItem}
      onItemSelect={onChange}
      noResults={<MenuItem disabled text={t('menuAdmin.noIcons')} roleStructure="listoption" />}
      inputProps={{ placeholder: t('menuAdmin.iconSearch'), 'aria-label': t('menuAdmin.iconSearch') }}
      popoverProps={{ minimal: true, popoverClassName: 'wo-icon-picker' }}
      resetOnClose
    >
      <Button
        id={id}
        icon={known ? (value as IconName) : 'blank'}
        endIcon="caret-down"
        text={value || t('menuAdmin.chooseIcon')}
        aria-label={`${t('menuAdmin.icon')}: ${value || t('menuAdmin.iconNone')}`}
      />
    </Select>
  );
}
