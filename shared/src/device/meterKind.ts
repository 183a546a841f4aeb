// What a meter measures (issue 19): a household meter (a customer's, in a residential area, the default) or a bulk
// meter — a district meter (a DMA's inlet or outlet), a bulk-supply or large-customer meter, a pumping-station meter.
// A bulk meter needs no residential area and no resident, and stays out of every per-household figure (reading rate,
// area consumption, the community ranking, usage alarms). Declared once: the form, the route, the list, the sheets
// and the catalogue all read it from here.
import { enumMessages, type Label, labelledEnum } from '../fields/index.ts';

export const MeterKind = labelledEnum({
  household: { 'zh-CN': '户表', en: 'Household' },
  district: { 'zh-CN': '分区表', en: 'District meter' },
  bulk: { 'zh-CN': '大用户/趸售表', en: 'Bulk meter' },
  pump: { 'zh-CN': '泵站表', en: 'Pump station meter' },
});
export type MeterKind = (typeof MeterKind.values)[number];

/** The kind of a meter saved without one. */
export const DEFAULT_METER_KIND: MeterKind = 'household';
/** The kinds that need no residential area. */
export const BULK_METER_KINDS = MeterKind.values.filter((k) => k !== 'household');

/** Whether a meter of this kind must sit in a residential area (a missing kind is a household meter). */
export const meterAreaRequired = (kind: string | null | undefined): boolean =>
  kind === null || kind === undefined || kind === '' || kind === DEFAULT_METER_KIND;

/** The kind a sheet cell names, by value or by its label in either language; undefined when it names none. */
export const meterKindOf = (typed: string): MeterKind | undefined => {
  const t = typed.trim().toLowerCase();
  return MeterKind.values.find(
    (k) => k === t || Object.values(MeterKind.labels[k] as Label).some((l) => l.toLowerCase() === t),
  );
};

export const meterKindMessages = {
  ...enumMessages('meter', 'kind', MeterKind),
  'meter.field.meterKind': { 'zh-CN': '水表类别', en: 'Meter kind' },
  'sheet.meter.kind': { 'zh-CN': '水表类别', en: 'Meter kind' },
  'sheet.meter.kindNote': {
    'zh-CN': '选填;户表、分区表、大用户/趸售表、泵站表,留空为户表;户表须填小区',
    en: 'Optional; Household, District meter, Bulk meter or Pump station meter, empty = Household; a household meter needs its area',
  },
  'import.meter.unknownKind': { 'zh-CN': '水表类别不存在:{{value}}', en: 'No such meter kind: {{value}}' },
} satisfies Record<string, Label>;
