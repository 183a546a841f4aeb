// The columns a command list shows, shared by the command page and the drawers' history.
import { COMMAND_STATE_NAMES, type DeviceCommand } from '@waterops/shared/command';
import { i18n } from '../../app/i18n.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import type { ColumnDef } from '../../resources/types.ts';
import { CommandStateTag, commandText } from './CommandTags.tsx';

const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** The parameters as short `key=value` text (a device's archives list only its size). */
export const paramsText = (params: unknown): string => {
  if (!params || typeof params !== 'object') return '';
  return Object.entries(params as Record<string, unknown>)
    .map(([k, v]) => `${k}=${Array.isArray(v) ? `[${v.length}]` : v === null ? '' : String(v)}`)
    .join(' ');
};

export const stateOptions = COMMAND_STATE_NAMES.map((s) => ({ value: s, labelKey: `command.states.${s}` }));

export const commandColumns: readonly ColumnDef<DeviceCommand>[] = [
  { key: 'createTime', titleKey: 'command.createTime', width: 160, text: (r) => time(r.createTime) },
  {
    key: 'deviceKind',
    titleKey: 'command.deviceKind',
    width: 90,
    text: (r) => i18n.t(`command.kinds.${r.deviceKind}`),
  },
  { key: 'deviceCode', titleKey: 'command.deviceCode', width: 140 },
  { key: 'command', titleKey: 'command.command', width: 110, text: (r) => commandText(r.command) },
  { key: 'params', titleKey: 'command.params', width: 170, text: (r) => paramsText(r.params) },
  {
    key: 'state',
    titleKey: 'command.state',
    width: 90,
    text: (r) => i18n.t(`command.states.${r.state}`),
    render: (r) => <CommandStateTag state={r.state} message={r.message} />,
  },
  { key: 'message', titleKey: 'command.message', width: 220, grow: true, text: (r) => r.message ?? '' },
  { key: 'createdBy', titleKey: 'command.createdBy', width: 100, text: (r) => r.createdBy ?? '' },
  { key: 'sentTime', titleKey: 'command.sentTime', width: 160, hiddenByDefault: true, text: (r) => time(r.sentTime) },
  {
    key: 'finishedTime',
    titleKey: 'command.finishedTime',
    width: 160,
    text: (r) => time(r.finishedTime),
  },
];
