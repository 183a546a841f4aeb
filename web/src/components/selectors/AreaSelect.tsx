// The residential-area selector (spec §2/§5): remote search by name from 3 characters, 50 a page; single, or
// multiple with the exclusive empty entry "全部 / All" (choosing it clears the areas, choosing an area clears it).
import { useTranslation } from 'react-i18next';
import { RemoteSelect } from '../RemoteSelect.tsx';
import { ALL_ITEM_ID, AREA_SELECTOR, isAllItem, type SelectorItem, searchOf } from './remoteSelector.ts';

const searchAreas = searchOf(AREA_SELECTOR);

type Common = {
  /** the input's accessible name (default: 小区 / Residential area) */
  label?: string;
};

export type AreaSelectProps = Common &
  (
    | { multiple?: false; value: SelectorItem | null; onChange: (value: SelectorItem | null) => void }
    | { multiple: true; value: SelectorItem[]; onChange: (value: SelectorItem[]) => void }
  );

export function AreaSelect(props: AreaSelectProps) {
  const { t } = useTranslation();
  const label = props.label ?? t('place.area');
  const common = {
    search: searchAreas,
    itemKey: (item: SelectorItem) => item.id,
    itemLabel: (item: SelectorItem) => item.label,
    label,
  };
  if (props.multiple) {
    const all: SelectorItem = { id: ALL_ITEM_ID, label: t('place.all') };
    return (
      <RemoteSelect<SelectorItem>
        {...common}
        multiple
        value={props.value}
        onChange={props.onChange}
        fixedItems={[all]}
        isExclusive={isAllItem}
      />
    );
  }
  return <RemoteSelect<SelectorItem> {...common} value={props.value} onChange={props.onChange} />;
}
