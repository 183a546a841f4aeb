// The district form's own inputs: the name with a live "already taken" check (debounced, as the user types; the
// save checks again), the meters of one role and the member areas as multi-selects. The form holds text, so a
// multi-select's value is its chosen items as JSON ([{ id, label }, …]); `idsOf` reads the ids back.
import { InputGroup, Intent } from '@blueprintjs/core';
import type { Result } from '@waterops/shared/api';
import { DISTRICT_NAME_MAX, type District, DMA_PATHS } from '@waterops/shared/dma';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import type { RemoteSearch } from '../../components/RemoteSelect.tsx';
import { RemoteSelect } from '../../components/RemoteSelect.tsx';
import { AreaSelect } from '../../components/selectors/AreaSelect.tsx';
import { METER_SELECTOR } from '../../components/selectors/MeterSelect.tsx';
import { chosenIds, type SelectorItem, searchOf } from '../../components/selectors/remoteSelector.ts';
import type { FieldInputProps } from '../../resources/types.ts';

/** The name check waits this long after the last key (spec §9: 300–500 ms). */
export const NAME_CHECK_DEBOUNCE_MS = 400;

const searchMeters = searchOf(METER_SELECTOR);
const searchBulk = searchOf({ ...METER_SELECTOR, params: { bulk: true } });

/**
 * Inlets and outlets are bulk meters (district, bulk, pump: issue 19), so those are offered first; when no bulk
 * meter matches, any meter (a district set up before meters had kinds measures through a household-kind meter).
 */
export const searchMeasuringMeters: RemoteSearch<SelectorItem> = async (query, page) => {
  const bulk = await searchBulk(query, page);
  return bulk.count > 0 ? bulk : searchMeters(query, page);
};

/** The items a multi-select field's text holds (none for empty or unreadable text). */
export const itemsOf = (value: string | undefined): SelectorItem[] => {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed)
      ? parsed.filter((p): p is SelectorItem => !!p && typeof p === 'object' && typeof p.id === 'number')
      : [];
  } catch {
    return [];
  }
};

/** The ids a multi-select field's text stands for ("all" counts as none). */
export const idsOf = (value: string | undefined): number[] => chosenIds(itemsOf(value));

export const itemsText = (items: readonly SelectorItem[]): string => (items.length === 0 ? '' : JSON.stringify(items));

/** The field text of a district's meters of one role (1 inlet … 4 member). */
export const metersText = (d: District, role: number): string =>
  itemsText(d.meters.filter((m) => m.role === role).map((m) => ({ id: m.meterId, label: m.meterCode })));

/** Asks the server whether `name` is taken by another district than `id`. */
export const districtNameTaken = async (name: string, id?: number): Promise<boolean> => {
  const answer = await request<Result<boolean>>({
    url: DMA_PATHS.districtNameCheck,
    params: { districtName: name, id },
    not_msg: true,
  });
  return answer.datas === true;
};

/**
 * The name, checked as the user types. The name the dialog opened with is not checked (when editing it is the
 * district's own: the server's check would need the id, which a field does not see; the save checks with it).
 */
export function DistrictNameField({ id, value, onChange, error, required }: FieldInputProps) {
  const { t } = useTranslation();
  const opened = useRef(value);
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    const name = value.trim();
    setTaken(false);
    if (name === '' || name === opened.current.trim()) return;
    let live = true;
    const timer = setTimeout(() => {
      districtNameTaken(name)
        .then((answer) => {
          if (live) setTaken(answer);
        })
        .catch(() => {
          // offline or refused: the save checks again
        });
    }, NAME_CHECK_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value]);
  return (
    <>
      <InputGroup
        id={id}
        value={value}
        maxLength={DISTRICT_NAME_MAX}
        required={required}
        intent={error || taken ? Intent.DANGER : Intent.NONE}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {taken && !error && (
        <div className="wo-dma-field-warning" role="alert">
          {t('rules.districtName.unique')}
        </div>
      )}
    </>
  );
}

/** Meters of one role: several, searched by body code; `measuring` (inlets, outlets) offers bulk meters first. */
export function MeterMultiField({
  value,
  onChange,
  label,
  measuring = false,
}: FieldInputProps & { label: string; measuring?: boolean }) {
  return (
    <RemoteSelect<SelectorItem>
      multiple
      search={measuring ? searchMeasuringMeters : searchMeters}
      itemKey={(item) => item.id}
      itemLabel={(item) => item.label}
      label={label}
      value={itemsOf(value)}
      onChange={(items) => onChange(itemsText(items))}
    />
  );
}

/** The member residential areas. */
export function AreaMultiField({ value, onChange, label }: FieldInputProps & { label: string }) {
  return <AreaSelect multiple label={label} value={itemsOf(value)} onChange={(items) => onChange(itemsText(items))} />;
}
