// The device command page (设备命令): every command sent to concentrators, collectors and meters, newest first,
// filtered by device kind, code prefix, command, state and time; states change on screen while any waits.
import { COMMAND_NAMES, type DeviceCommand } from '@waterops/shared/command';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { FilterValue, ListRequest, ResourceDescriptor } from '../../resources/types.ts';
import { COMMAND_RESOURCE, useCommandsQuery } from './commandApi.ts';
import { commandColumns, stateOptions } from './commandColumns.tsx';
import { usePollWhileWaiting } from './usePolledList.ts';

export type CommandFilters = {
  deviceKind: string;
  deviceCode: string;
  command: string;
  state: string;
  from: FilterValue;
  to: FilterValue;
};

const useCommandList = (request: ListRequest<CommandFilters>) => {
  const [pollingInterval, useFollow] = usePollWhileWaiting();
  // the list is always newest first: no sort parameters
  const result = useCommandsQuery(defaultListQuery({ ...request, sort: null }), { pollingInterval });
  useFollow((result.data?.data ?? []).map((r) => r.state));
  return result;
};

export const commandResource: ResourceDescriptor<DeviceCommand, CommandFilters> = {
  id: COMMAND_RESOURCE,
  titleKey: 'command.historyTitle',
  icon: 'send-message',
  list: { useList: useCommandList },
  rowKey: (row) => row.id,
  initialFilters: { deviceKind: '', deviceCode: '', command: '', state: '', from: null, to: null },
  filters: [
    {
      kind: 'select',
      key: 'deviceKind',
      labelKey: 'command.deviceKind',
      options: [
        { value: '', labelKey: 'command.all' },
        ...(['concentrator', 'collector', 'meter'] as const).map((k) => ({ value: k, labelKey: `command.kinds.${k}` })),
      ],
    },
    { kind: 'text', key: 'deviceCode', labelKey: 'command.deviceCode', icon: 'search' },
    {
      kind: 'select',
      key: 'command',
      labelKey: 'command.command',
      options: [
        { value: '', labelKey: 'command.all' },
        ...COMMAND_NAMES.map((c) => ({ value: c, labelKey: `command.names.${c}` })),
      ],
    },
    {
      kind: 'select',
      key: 'state',
      labelKey: 'command.state',
      options: [{ value: '', labelKey: 'command.all' }, ...stateOptions],
    },
    { kind: 'dateRange', startKey: 'from', endKey: 'to', labelKey: 'command.timeRange' },
  ],
  columns: commandColumns,
  emptyKey: 'command.noCommands',
  emptyIcon: 'send-message',
};

export function CommandPage() {
  return <ResourceListPage descriptor={commandResource} />;
}
