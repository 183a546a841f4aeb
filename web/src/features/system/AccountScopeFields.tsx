// The account form's data-scope fields (spec §3 "data scope of belonging district and community", §5 "area
// multi-select treats an empty entry as exclusive"): region and area multi-selects whose form value is the chosen
// items as JSON text (the form holds text); nothing chosen, or "全部 / All", means unrestricted.
import type { Account } from '@waterops/shared/user';
import { useTranslation } from 'react-i18next';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import { RegionSelect } from '../../components/selectors/RegionSelect.tsx';
import { chosenIds, type SelectorItem } from '../../components/selectors/remoteSelector.ts';
import type { FieldInputProps } from '../../resources/types.ts';

/** The items of a field's text (JSON); anything unreadable is nothing chosen. */
export const scopeItemsOf = (value: string): SelectorItem[] => {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? (parsed as SelectorItem[]) : [];
  } catch {
    return [];
  }
};

/** The ids the field's text stands for ([] = unrestricted). */
export const scopeIdsOf = (value: string | undefined): number[] => chosenIds(scopeItemsOf(value ?? ''));

/** The form text of an account's regions and areas. */
export const regionsText = (row: Account): string =>
  JSON.stringify(row.regions.map((r) => ({ id: r.id, label: r.regionName })));
export const areasText = (row: Account): string =>
  JSON.stringify(row.areas.map((a) => ({ id: a.id, label: a.areaName })));

export function RegionScopeField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <RegionSelect
      multiple
      label={t('accountScope.regions')}
      value={scopeItemsOf(value)}
      onChange={(items) => onChange(JSON.stringify(items))}
    />
  );
}

export function AreaScopeField({ value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  return (
    <AreaSelect
      multiple
      label={t('accountScope.areas')}
      value={scopeItemsOf(value)}
      onChange={(items) => onChange(JSON.stringify(items))}
    />
  );
}
