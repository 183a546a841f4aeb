// The region selector (spec §2/§7/§9): the tenant's regions are loaded once (limit 999, page 1) and filtered as the
// user types; single, or multiple with the exclusive empty entry "全部 / All".
import { MenuItem } from '@blueprintjs/core';
import { type ItemPredicate, type ItemRenderer, MultiSelect, Suggest } from '@blueprintjs/select';
import { useTranslation } from 'react-i18next';
import { useAllRegionsQuery } from '../../features/place/placeApi.ts';
import { toggleExclusive } from '../RemoteSelect.tsx';
import { ALL_ITEM_ID, isAllItem, type SelectorItem } from './remoteSelector.ts';

export type RegionSelectProps = {
  /** the input's accessible name (default: 片区 / Region) */
  label?: string;
} & (
  | { multiple?: false; value: SelectorItem | null; onChange: (value: SelectorItem | null) => void }
  | { multiple: true; value: SelectorItem[]; onChange: (value: SelectorItem[]) => void }
);

/** Contained, case-insensitive; the empty entry is always offered. */
export const matchesRegion: ItemPredicate<SelectorItem> = (query, item) =>
  isAllItem(item) || item.label.toLowerCase().includes(query.trim().toLowerCase());

export function RegionSelect(props: RegionSelectProps) {
  const { t } = useTranslation();
  const { data: regions = [] } = useAllRegionsQuery();
  const label = props.label ?? t('place.region');
  const items: SelectorItem[] = regions.map((r) => ({ id: r.id, label: r.regionName }));
  const same = (a: SelectorItem, b: SelectorItem) => a.id === b.id;
  const isSelected = (item: SelectorItem) =>
    props.multiple ? props.value.some((v) => same(v, item)) : props.value?.id === item.id;

  const renderItem: ItemRenderer<SelectorItem> = (item, { handleClick, handleFocus, modifiers }) =>
    modifiers.matchesPredicate ? (
      <MenuItem
        key={item.id}
        text={item.label}
        roleStructure="listoption"
        active={modifiers.active}
        selected={isSelected(item)}
        onClick={handleClick}
        onFocus={handleFocus}
      />
    ) : null;
  const common = {
    itemPredicate: matchesRegion,
    itemRenderer: renderItem,
    itemsEqual: same,
    noResults: <MenuItem disabled text={t('remoteSelect.noResults')} roleStructure="listoption" />,
    popoverProps: { minimal: true, matchTargetWidth: true },
    menuProps: { 'aria-label': label },
    resetOnSelect: props.multiple === true,
  };

  if (props.multiple) {
    const { value, onChange } = props;
    const all: SelectorItem = { id: ALL_ITEM_ID, label: t('place.all') };
    return (
      <MultiSelect<SelectorItem>
        {...common}
        items={[all, ...items]}
        selectedItems={value}
        onItemSelect={(item) => onChange(toggleExclusive(value, item, same, isAllItem))}
        onRemove={(item) => onChange(value.filter((v) => !same(v, item)))}
        tagRenderer={(item) => item.label}
        placeholder={t('place.regionPlaceholder')}
        tagInputProps={{ inputProps: { 'aria-label': label } }}
        fill
      />
    );
  }
  const { value, onChange } = props;
  return (
    <Suggest<SelectorItem>
      {...common}
      items={items}
      selectedItem={value}
      onItemSelect={(item) => onChange(item)}
      inputValueRenderer={(item) => item.label}
      closeOnSelect
      inputProps={{ 'aria-label': label, placeholder: t('place.regionPlaceholder') }}
      fill
    />
  );
}
