// Data verification (数据校验) as a descriptor page: the validated days that failed a rule or were estimated, raw
// values beside the validated ones, quality as a tag, the rule by name; filters by body code prefix, area, region,
// rule, quality and days. Two ways to run the check: for the filtered area and days (the head's button), or for the
// meters picked in the list (batch action). The body code opens the meter's drawer.
import { Button, Intent } from '@blueprintjs/core';
import {
  addDays,
  chinaDay,
  DATA_CHECK_PATHS,
  QUALITY_CODES,
  type ReadingCheckRow,
  RULE_CODES,
} from '@waterops/shared/reading';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { FilterValue, ListRequest, ResourceDescriptor } from '../../resources/types.ts';
import { DetailLink } from '../detail/DetailHost.tsx';
import { useMeterAreasQuery } from '../device/meterApi.ts';
import { useAllRegionsQuery } from '../place/placeApi.ts';
import { DataCheckDialog } from './DataCheckDialog.tsx';
import { DATA_CHECK_RESOURCE } from './dataCheckApi.ts';
import { QualityTag, RuleName } from './QualityTag.tsx';

export type DataCheckFilters = {
  meterCode: string;
  areaId: string;
  regionId: string;
  rule: string;
  quality: string;
  from: Date | null;
  to: Date | null;
};

const EDIT = ['reading:dataCheck:edit'];
/** The check's days when the list has no range: the last week. */
const CHECK_DEFAULT_DAYS = 7;

const pad = (n: number) => String(n).padStart(2, '0');
/** A picked date as the day the user sees on the calendar ('YYYY-MM-DD'). */
export const dayOf = (d: FilterValue): string =>
  d instanceof Date ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
const m3 = (v: number | null) => (v === null ? '' : String(v));

/** The query of one page of exceptions. */
export const readingCheckQuery = ({ filters, page, limit }: ListRequest<DataCheckFilters>) => ({
  page,
  limit,
  meterCode: filters.meterCode.trim(),
  areaId: filters.areaId,
  regionId: filters.regionId,
  rule: filters.rule,
  quality: filters.quality,
  from: dayOf(filters.from),
  to: dayOf(filters.to),
});

type Lists = {
  areas: readonly { id: number; areaName: string }[];
  regions: readonly { id: number; regionName: string }[];
};

/** The descriptor; `onQuery` hears the filters of each page asked for (the head's check starts from them). */
export const dataCheckResource = (
  { areas, regions }: Lists,
  handlers: {
    onQuery: (filters: DataCheckFilters) => void;
    onCheckMeters: (rows: ReadingCheckRow[]) => void;
  },
): ResourceDescriptor<ReadingCheckRow, DataCheckFilters> => ({
  id: DATA_CHECK_RESOURCE,
  titleKey: 'dataCheck.title',
  icon: 'endorsed',
  list: {
    path: DATA_CHECK_PATHS.readingCheck,
    query: (request) => {
      handlers.onQuery(request.filters);
      return readingCheckQuery(request);
    },
  },
  rowKey: (row) => `${row.meterId}:${row.day}`,
  initialFilters: { meterCode: '', areaId: '', regionId: '', rule: '', quality: '', from: null, to: null },
  filters: [
    {
      kind: 'text',
      key: 'meterCode',
      labelKey: 'dataCheck.meterCode',
      placeholderKey: 'dataCheck.codePrefix',
      icon: 'search',
    },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'dataCheck.area',
      options: [
        { value: '', labelKey: 'dataCheck.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    {
      kind: 'select',
      key: 'regionId',
      labelKey: 'dataCheck.region',
      options: [
        { value: '', labelKey: 'dataCheck.all' },
        ...regions.map((r) => ({ value: String(r.id), label: r.regionName })),
      ],
    },
    {
      kind: 'select',
      key: 'rule',
      labelKey: 'dataCheck.ruleLabel',
      options: [
        { value: '', labelKey: 'dataCheck.all' },
        ...RULE_CODES.map((r) => ({ value: r, labelKey: `dataCheck.rule.${r}` })),
      ],
    },
    {
      kind: 'select',
      key: 'quality',
      labelKey: 'dataCheck.qualityLabel',
      options: [
        { value: '', labelKey: 'dataCheck.all' },
        ...QUALITY_CODES.map((q) => ({ value: q, labelKey: `dataCheck.quality.${q}` })),
      ],
    },
    { kind: 'dateRange', startKey: 'from', endKey: 'to', labelKey: 'dataCheck.days' },
  ],
  columns: [
    {
      key: 'meterCode',
      titleKey: 'dataCheck.meterCode',
      width: 130,
      text: (r) => r.meterCode,
      render: (r) => <DetailLink to={{ kind: 'meter', id: r.meterId }} text={r.meterCode} />,
    },
    { key: 'areaName', titleKey: 'dataCheck.area', width: 120, text: (r) => r.areaName ?? '' },
    { key: 'day', titleKey: 'dataCheck.day', width: 100 },
    { key: 'rawReading', titleKey: 'dataCheck.rawReading', width: 120, text: (r) => m3(r.rawReading) },
    { key: 'reading', titleKey: 'dataCheck.reading', width: 125, text: (r) => m3(r.reading) },
    { key: 'rawConsumption', titleKey: 'dataCheck.rawConsumption', width: 110, text: (r) => m3(r.rawConsumption) },
    { key: 'consumption', titleKey: 'dataCheck.consumption', width: 115, text: (r) => m3(r.consumption) },
    {
      key: 'quality',
      titleKey: 'dataCheck.qualityLabel',
      width: 115,
      render: (r) => <QualityTag quality={r.quality} />,
    },
    { key: 'rule', titleKey: 'dataCheck.ruleLabel', width: 100, grow: true, render: (r) => <RuleName rule={r.rule} /> },
    { key: 'reads', titleKey: 'dataCheck.reads', width: 80, hiddenByDefault: true, text: (r) => String(r.reads) },
  ],
  emptyKey: 'dataCheck.empty',
  emptyIcon: 'endorsed',
  batchActions: [
    {
      id: 'check',
      labelKey: 'dataCheck.checkSelected',
      icon: 'automatic-updates',
      permissions: EDIT,
      onClick: handlers.onCheckMeters,
    },
  ],
});

type Checking = { meterIds?: number[]; initial: { areaId: string; from: string; to: string } };

export function DataCheckPage() {
  const { t } = useTranslation();
  const { data: areas = [] } = useMeterAreasQuery();
  const { data: regions = [] } = useAllRegionsQuery();
  const [checking, setChecking] = useState<Checking | null>(null);
  const filters = useRef<DataCheckFilters | null>(null);
  const today = chinaDay(new Date());

  /** The check's starting values: the list's area and days, else the last week. */
  const initial = useCallback(() => {
    const f = filters.current;
    return {
      areaId: f?.areaId ?? '',
      from: dayOf(f?.from ?? null) || addDays(today, 1 - CHECK_DEFAULT_DAYS),
      to: dayOf(f?.to ?? null) || today,
    };
  }, [today]);

  const descriptor = useMemo(
    () =>
      dataCheckResource(
        { areas, regions },
        {
          onQuery: (f) => {
            filters.current = f;
          },
          onCheckMeters: (rows) =>
            setChecking({ meterIds: [...new Set(rows.map((r) => r.meterId))], initial: initial() }),
        },
      ),
    [areas, regions, initial],
  );

  return (
    <div className="wo-data-check">
      <ResourceListPage descriptor={descriptor} />
      <Permission any={EDIT}>
        <Button
          className="wo-data-check-run"
          intent={Intent.PRIMARY}
          icon="automatic-updates"
          text={t('dataCheck.run')}
          onClick={() => setChecking({ initial: initial() })}
        />
      </Permission>
      {checking && (
        <DataCheckDialog
          areas={areas}
          meterIds={checking.meterIds}
          initial={checking.initial}
          today={today}
          onClose={() => setChecking(null)}
        />
      )}
    </div>
  );
}
