// Form pieces the pipeline and well pages share: option lists from the shared enums, the field rules, and the
// meter selector under a form's own label.

import type { District } from '@waterops/shared/dma';
import { PIPE_MATERIALS, PIPE_TYPES, WELL_TYPES } from '@waterops/shared/network';
import { useTranslation } from 'react-i18next';
import { MeterSelect } from '../../components/selectors/MeterSelect.tsx';
import type { FieldInputProps, FieldRule, OptionDef } from '../../resources/types.ts';
import { itemOf } from '../device/MeterFields.tsx';

export const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
export const orNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);
export const numberOrNull = (v: string | undefined) => (v && v.trim() !== '' ? Number(v.trim()) : null);
export const idOrNull = (v: string | undefined) => (v && v !== '' ? Number(v) : null);

export const PIPE_TYPE_OPTIONS: OptionDef[] = PIPE_TYPES.map((k) => ({
  value: String(k),
  labelKey: `network.pipeline.types.${k}`,
}));
export const MATERIAL_OPTIONS: OptionDef[] = PIPE_MATERIALS.map((m) => ({
  value: m,
  labelKey: `network.pipeline.materials.${m}`,
}));
export const STATUS_OPTIONS: OptionDef[] = [
  { value: '1', labelKey: 'network.pipeline.inService' },
  { value: '0', labelKey: 'network.pipeline.outOfService' },
];
export const WELL_TYPE_OPTIONS: OptionDef[] = WELL_TYPES.map((k) => ({
  value: String(k),
  labelKey: `network.well.types.${k}`,
}));
export const districtOptions = (districts: readonly District[]): OptionDef[] =>
  districts.map((d) => ({ value: String(d.id), label: d.districtName }));
/** A select's choices with "none" first (an optional reference). */
export const withNone = (options: readonly OptionDef[]): OptionDef[] => [{ value: '', label: '—' }, ...options];

/** A non-negative number, or empty. */
export const numberRule: FieldRule = (value) =>
  value === '' || (/^\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value)))
    ? null
    : 'network.pipeline.numberFormat';
/** A whole number of millimetres ≥ 1, or empty. */
export const diameterRule: FieldRule = (value) =>
  value === '' || (/^\d+$/.test(value) && Number(value) >= 1) ? null : 'network.pipeline.numberFormat';
export const dateRule: FieldRule = (value) =>
  value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : 'network.pipeline.installDateFormat';

/** A meter selector for a pipe end; its value is the chosen item as JSON text, like the valve page's. */
export function PipeMeterField({ value, onChange, labelKey }: FieldInputProps & { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <MeterSelect
      label={t(labelKey)}
      value={itemOf(value)}
      onChange={(item) => onChange(item ? JSON.stringify(item) : '')}
    />
  );
}

/** The list's diameter class filter as the server's range (the classes of the monitoring summary). */
export const DIAMETER_FILTERS: Record<string, { diameterMin?: number; diameterMax?: number }> = {
  lt100: { diameterMax: 99 },
  dn100to300: { diameterMin: 100, diameterMax: 299 },
  dn300to600: { diameterMin: 300, diameterMax: 599 },
  ge600: { diameterMin: 600 },
};
