// The operation log as a descriptor (read-only): who did what and when, filtered by user name and time range,
// 50/100/200 rows a page, over the existing RTK Query endpoint.
import { Intent, Tag } from '@blueprintjs/core';
import type { OperationLogEntry } from '@waterops/shared/user';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { type OperationLogFilters, operationLogQuery, useOperationLogQuery } from './operationLogApi.ts';

const intentOf = (operation: string) =>
  operation === 'passwordChange' ? Intent.WARNING : operation === 'signIn' ? Intent.SUCCESS : Intent.NONE;

export const operationLogResource: ResourceDescriptor<OperationLogEntry, OperationLogFilters> = {
  id: 'system.operationLog',
  titleKey: 'log.title',
  list: {
    useList: ({ filters, page, limit }) => useOperationLogQuery(operationLogQuery(filters, page, limit)),
  },
  rowKey: (row) => row.id,
  initialFilters: { username: '', start: null, end: null },
  filters: [
    {
      kind: 'text',
      key: 'username',
      labelKey: 'log.username',
      placeholderKey: 'log.usernamePlaceholder',
      icon: 'user',
    },
    { kind: 'dateRange', startKey: 'start', endKey: 'end', labelKey: 'log.dateRange' },
  ],
  columns: [
    { key: 'createTime', titleKey: 'log.time', width: 170, text: (row) => formatDateTime(new Date(row.createTime)) },
    { key: 'username', titleKey: 'log.username', width: 140 },
    {
      key: 'operation',
      titleKey: 'log.action',
      width: 130,
      text: (row) => row.operationName,
      render: (row) => (
        <Tag minimal intent={intentOf(row.operation)}>
          {row.operationName}
        </Tag>
      ),
    },
    { key: 'detail', titleKey: 'log.detail', width: 260, grow: true },
    { key: 'ip', titleKey: 'log.ip', width: 150 },
  ],
  emptyKey: 'log.empty',
  emptyIcon: 'history',
};

export function OperationLogPage() {
  return <ResourceListPage descriptor={operationLogResource} />;
}
