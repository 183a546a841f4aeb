// The operation log as a descriptor (read-only): who did what, when, from where and with what result, filtered by
// user name, operation, result, IP prefix and time range, 50/100/200 rows a page, over the RTK Query endpoint.
import { Intent, Tag, Tooltip } from '@blueprintjs/core';
import { OPERATION_RESULTS, OPERATIONS, type OperationLogEntry } from '@waterops/shared/user';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../app/i18n.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import {
  emptyOperationLogFilters,
  type OperationLogFilters,
  operationLogQuery,
  useOperationLogQuery,
} from './operationLogApi.ts';

// A failed sign-in keeps a neutral operation tag: the red result tag beside it is what should catch the eye.
const intentOf = (row: OperationLogEntry) =>
  row.result === 'failed'
    ? Intent.NONE
    : row.operation === 'passwordChange'
      ? Intent.WARNING
      : row.operation === 'signIn'
        ? Intent.SUCCESS
        : Intent.NONE;

/** The result as plain text: the cell's hover title, and what the column chooser's text view shows. */
const resultText = (row: OperationLogEntry): string =>
  row.result === 'failed' ? i18n.t('log.failedBecause', { reason: row.reason ?? '' }) : i18n.t('log.success');

type ResultTagProps = {
  /** the entry whose result is shown */
  row: OperationLogEntry;
};

/** Success as a green tag; failure as a red one whose tooltip gives the message the caller was answered. */
export function ResultTag({ row }: ResultTagProps) {
  const { t } = useTranslation();
  if (row.result !== 'failed')
    return (
      <Tag minimal intent={Intent.SUCCESS}>
        {t('log.success')}
      </Tag>
    );
  return (
    <Tooltip content={row.reason ?? ''} compact>
      <Tag intent={Intent.DANGER} icon="error">
        {t('log.failed')}
      </Tag>
    </Tooltip>
  );
}

export const operationLogResource: ResourceDescriptor<OperationLogEntry, OperationLogFilters> = {
  id: 'system.operationLog',
  titleKey: 'log.title',
  list: {
    useList: ({ filters, page, limit }) => useOperationLogQuery(operationLogQuery(filters, page, limit)),
  },
  rowKey: (row) => row.id,
  initialFilters: emptyOperationLogFilters,
  filters: [
    {
      kind: 'text',
      key: 'username',
      labelKey: 'log.username',
      placeholderKey: 'log.usernamePlaceholder',
      icon: 'user',
    },
    {
      kind: 'select',
      key: 'operation',
      labelKey: 'log.action',
      options: [
        { value: '', labelKey: 'log.allOperations' },
        ...OPERATIONS.map((o) => ({ value: o, labelKey: `oplog.${o}` })),
      ],
    },
    {
      kind: 'select',
      key: 'result',
      labelKey: 'log.result',
      options: [
        { value: '', labelKey: 'log.allResults' },
        ...OPERATION_RESULTS.map((r) => ({ value: r, labelKey: `log.${r}` })),
      ],
    },
    { kind: 'text', key: 'ip', labelKey: 'log.ip', placeholderKey: 'log.ipPlaceholder', icon: 'globe-network' },
    { kind: 'dateRange', startKey: 'start', endKey: 'end', labelKey: 'log.dateRange' },
  ],
  columns: [
    { key: 'createTime', titleKey: 'log.time', width: 170, text: (row) => formatDateTime(new Date(row.createTime)) },
    { key: 'username', titleKey: 'log.username', width: 130 },
    {
      key: 'operation',
      titleKey: 'log.action',
      width: 130,
      text: (row) => row.operationName,
      render: (row) => (
        <Tag minimal intent={intentOf(row)}>
          {row.operationName}
        </Tag>
      ),
    },
    { key: 'result', titleKey: 'log.result', width: 90, text: resultText, render: (row) => <ResultTag row={row} /> },
    { key: 'detail', titleKey: 'log.detail', width: 260, grow: true },
    { key: 'ip', titleKey: 'log.ip', width: 140 },
  ],
  emptyKey: 'log.empty',
  emptyIcon: 'history',
};

export function OperationLogPage() {
  return <ResourceListPage descriptor={operationLogResource} />;
}
