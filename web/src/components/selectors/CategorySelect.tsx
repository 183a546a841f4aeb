// The resident category selector (spec §2 "resident category (id, typeName)", §7: page 1, limit 100): the tenant's
// categories are loaded once and filtered as the user types, like the region selector; an empty choice is null.
import { Button, MenuItem } from '@blueprintjs/core';
import { type ItemRenderer, Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { useAllResidentCategoriesQuery } from '../../features/catalogue/catalogueApi.ts';
import { matchesRegion as matchesLabel } from './RegionSelect.tsx';
import type { SelectorItem } from './remoteSelector.ts';

export type CategorySelectProps = {
  /** the chosen category, or null for none */
  value: SelectorItem | null;
  onChange: (value: SelectorItem | null) => void;
  /** the input's accessible name (default: 用户类别 / Resident category) */
  label?: string;
};

export function CategorySelect({ value, onChange, label }: CategorySelectProps) {
  const { t } = useTranslation();
  const { data: categories = [] } = useAllResidentCategoriesQuery();
  const name = label ?? t('residentCategory.category');
  const items: SelectorItem[] = categories.map((c) => ({ id: c.id, label: c.typeName }));
  const renderItem: ItemRenderer<SelectorItem> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.id}
        text={item.label}
        roleStructure="listoption"
        active={modifiers.active}
        selected={value?.id === item.id}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  return (
    <Suggest<SelectorItem>
      items={items}
      itemPredicate={matchesLabel}
      itemRenderer={renderItem}
      itemsEqual={(a, b) => a.id === b.id}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      inputValueRenderer={(item) => item.label}
      noResults={<MenuItem disabled text={t('remoteSelect.noResults')} roleStructure="listoption" />}
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      menuProps={{ 'aria-label': name }}
      inputProps={{
        'aria-label': name,
        placeholder: t('residentCategory.placeholder'),
        rightElement: value ? (
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('residentCategory.clear')}
            onClick={() => onChange(null)}
          />
        ) : undefined,
      }}
      closeOnSelect
      fill
    />
  );
}
