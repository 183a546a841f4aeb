// The search form of a descriptor page: text, select and date-range filters, Search and Reset, and whatever the
// page puts at the end of the row (the column chooser).
import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { DateRangeInput } from '@blueprintjs/datetime';
import { enUS, zhCN } from 'date-fns/locale';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { activeLocale } from '../app/i18n.ts';
import { formatDateTime, normalizeRange, parseDateTime, rangeShortcuts } from '../components/dateRange.ts';
import { optionLabel } from './ResourceEditDialog.tsx';
import type { FilterDef, FilterValues } from './types.ts';

export type ResourceFiltersProps<Filters extends FilterValues> = {
  /** the filters to show */
  filters: readonly FilterDef<Filters>[];
  /** the values being edited (not yet searched) */
  draft: Filters;
  /** called with the edited values */
  onDraftChange: (draft: Filters) => void;
  /** called on Search (or Enter) */
  onSearch: () => void;
  /** called on Reset */
  onReset: () => void;
  /** shown at the right end of the buttons */
  extra?: ReactNode;
};

function TextFilter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <FormGroup label={label} labelFor={id} inline>
      {children}
    </FormGroup>
  );
}

export function ResourceFilters<Filters extends FilterValues>({
  filters,
  draft,
  onDraftChange,
  onSearch,
  onReset,
  extra,
}: ResourceFiltersProps<Filters>) {
  const { t } = useTranslation();
  const baseId = useId();
  const now = new Date();
  const shortcuts = rangeShortcuts(now).map((s) => ({
    label: t(`resource.range.${s.key}`),
    dateRange: s.range,
    includeTime: true,
  }));
  const set = (changes: Partial<Filters>) => onDraftChange({ ...draft, ...changes });

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    onSearch();
  };

  return (
    <form className="wo-filters" onSubmit={handleSubmit}>
      {filters.map((f, i) => {
        const id = `${baseId}-${i}`;
        if (f.kind === 'text')
          return (
            <TextFilter key={f.key} id={id} label={t(f.labelKey)}>
              <InputGroup
                id={id}
                leftIcon={f.icon}
                placeholder={f.placeholderKey ? t(f.placeholderKey) : undefined}
                value={String(draft[f.key] ?? '')}
                onValueChange={(v) => set({ [f.key]: v } as Partial<Filters>)}
              />
            </TextFilter>
          );
        if (f.kind === 'select')
          return (
            <TextFilter key={f.key} id={id} label={t(f.labelKey)}>
              <HTMLSelect
                id={id}
                value={String(draft[f.key] ?? '')}
                onChange={(e) => set({ [f.key]: e.currentTarget.value } as Partial<Filters>)}
                options={f.options.map((o) => ({ value: o.value, label: optionLabel(o, t) }))}
              />
            </TextFilter>
          );
        const start = draft[f.startKey];
        const end = draft[f.endKey];
        return (
          <FormGroup key={f.startKey} label={t(f.labelKey)} inline>
            <DateRangeInput
              value={[start instanceof Date ? start : null, end instanceof Date ? end : null]}
              onChange={([s, e]) => {
                const [from, to] = normalizeRange(s, e, new Date());
                set({ [f.startKey]: from, [f.endKey]: to } as Partial<Filters>);
              }}
              formatDate={formatDateTime}
              parseDate={parseDateTime}
              maxDate={now}
              shortcuts={shortcuts}
              allowSingleDayRange
              locale={activeLocale() === 'en' ? enUS : zhCN}
              singleMonthOnly={window.innerWidth < 700}
              startInputProps={{ placeholder: t('resource.range.start'), 'aria-label': t('resource.range.start') }}
              endInputProps={{ placeholder: t('resource.range.end'), 'aria-label': t('resource.range.end') }}
            />
          </FormGroup>
        );
      })}
      <div className="wo-filter-actions">
        <Button type="submit" intent={Intent.PRIMARY} icon="search" text={t('common.search')} />
        <Button icon="reset" text={t('common.reset')} onClick={onReset} />
        <span className="wo-spacer" />
        {extra}
      </div>
    </form>
  );
}
