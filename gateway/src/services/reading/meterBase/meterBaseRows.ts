// A base row as the API shows it: numbers from numeric columns, check codes as messages in the request language.
import { BASE_CHECK_CODES, type BaseCheckCode, baseCheckMessageKey, type MeterBase } from '@waterops/shared/reading';
import type { BaseRow } from './meterBaseRepository.ts';

export const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The row the web shows; check codes become their messages in the request language. */
export const toMeterBase = (r: BaseRow, t: (key: ReturnType<typeof baseCheckMessageKey>) => string): MeterBase => ({
  id: Number(r.id),
  meterId: Number(r.meter_id),
  meterCode: r.meter_code,
  areaId: r.area_id === null ? null : Number(r.area_id),
  areaName: r.area_name,
  period: r.period,
  startReading: num(r.start_reading),
  endReading: num(r.end_reading),
  consumption: num(r.consumption),
  quality: r.quality.trim(),
  source: r.source,
  checkState: r.check_state,
  checkMessage: r.check_message
    ? r.check_message
        .split(',')
        .filter((c): c is BaseCheckCode => BASE_CHECK_CODES.includes(c as BaseCheckCode))
        .map((c) => t(baseCheckMessageKey(c)))
        .join('；')
    : null,
  frozenAt: r.frozen_at.toISOString(),
});
