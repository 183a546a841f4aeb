// Usage exceptions (用水异常): zero use, reverse flow, sudden increase, continuous flow and stuck meters, with meter,
// resident, area and the value that raised each — a resource list over useWaterException filtered by type,
// handling state (pending first shown), area, body code and days. Chosen pending rows are confirmed (a real leak or
// backflow) or dismissed (a false alarm) with a remark; the server refuses a row already handled.
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  Tag,
  TextArea,
} from '@blueprintjs/core';
import { MONITORING_PATHS, USAGE_EXCEPTION_TYPES, type UseWaterException } from '@waterops/shared/monitoring';
import type { Area } from '@waterops/shared/place';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { defaultListQuery } from '../../resources/resourceApi.ts';
import type { ColumnDef, FilterValues, ResourceDescriptor } from '../../resources/types.ts';
import { useOpenDetail } from '../detail/detailLink.ts';
import { useMeterAreasQuery } from '../device/meterApi.ts';
import { localDay } from '../reading/ReadingDayRange.tsx';
import { WorkOrderRaiseDialog } from '../workorder/WorkOrderRaiseDialog.tsx';
import { usageRaiseItem } from '../workorder/workOrderRaiseSources.ts';
import { alarmLevelIntent } from './alarmLevel.ts';
import { USAGE_EXCEPTION_RESOURCE, useUpdateLeakageWaterStateMutation } from './monitoringApi.ts';

type Filters = FilterValues & {
  meterCode: string;
  alarmType: string;
  handleState: string;
  areaId: string;
  from: Date | null;
  to: Date | null;
};
type Handling = { rows: UseWaterException[]; state: 1 | 2 };

const REMARK_MAX = 200;
const EDIT = ['monitoring:stats:edit'];
const RAISE = ['workorder:create'];
const HANDLE_INTENT = { 0: Intent.WARNING, 1: Intent.DANGER, 2: Intent.NONE } as const;

const numberText = (v: number | null) => (v === null ? '—' : String(v));

function MeterLink({ row }: { row: UseWaterException }) {
  const open = useOpenDetail();
  return (
    <Button variant="minimal" size="small" intent="primary" onClick={() => open({ kind: 'meter', id: row.meterId })}>
      {row.meterCode}
    </Button>
  );
}

const COLUMNS: ColumnDef<UseWaterException>[] = [
  {
    key: 'handleState',
    titleKey: 'monitoring.exception.handleState',
    width: 100,
    render: (r) => <HandleTag state={r.handleState} />,
  },
  { key: 'meterCode', titleKey: 'monitoring.exception.meterCode', width: 120, render: (r) => <MeterLink row={r} /> },
  { key: 'alarmType', titleKey: 'monitoring.exception.types', width: 140, render: (r) => <TypeText row={r} /> },
  {
    key: 'level',
    titleKey: 'monitoring.exception.level',
    width: 80,
    text: (r) => r.level,
    render: (r) => <LevelTag level={r.level} />,
  },
  {
    key: 'residentName',
    titleKey: 'monitoring.exception.resident',
    width: 150,
    text: (r) => [r.residentName, r.residentCode].filter(Boolean).join(' · '),
  },
  { key: 'areaName', titleKey: 'monitoring.exception.area', width: 130, text: (r) => r.areaName ?? '' },
  {
    key: 'value',
    titleKey: 'monitoring.exception.value',
    width: 120,
    text: (r) => `${numberText(r.value)} / ${numberText(r.threshold)}`,
  },
  {
    key: 'raisedAt',
    titleKey: 'monitoring.exception.raisedAt',
    width: 160,
    text: (r) => formatDateTime(new Date(r.raisedAt)),
  },
  {
    key: 'active',
    titleKey: 'monitoring.exception.state',
    width: 90,
    grow: true,
    render: (r) => <ActiveText row={r} />,
  },
];

function LevelTag({ level }: { level: UseWaterException['level'] }) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={alarmLevelIntent(level)}>
      {t(`alarmConsole.level.${level}`)}
    </Tag>
  );
}
function TypeText({ row }: { row: UseWaterException }) {
  const { t } = useTranslation();
  return <>{t(`alarmConsole.type.${row.alarmType}`)}</>;
}
function ActiveText({ row }: { row: UseWaterException }) {
  const { t } = useTranslation();
  return (
    <span className={row.active ? undefined : Classes.TEXT_MUTED}>
      {t(row.active ? 'monitoring.exception.active' : 'monitoring.exception.cleared')}
    </span>
  );
}
function HandleTag({ state }: { state: number }) {
  const { t } = useTranslation();
  const key = String(state) as '0' | '1' | '2';
  return (
    <Tag minimal intent={HANDLE_INTENT[key === '1' ? 1 : key === '2' ? 2 : 0]}>
      {t(`monitoring.exception.handle.${key}`)}
    </Tag>
  );
}

/** The list's descriptor; the area choices come from the server, so it is built with them. */
export const usageExceptionResource = (
  areas: readonly Area[],
  onHandle: (h: Handling) => void,
  onRaise: (rows: UseWaterException[]) => void = () => {},
): ResourceDescriptor<UseWaterException, Filters> => ({
  id: USAGE_EXCEPTION_RESOURCE,
  titleKey: 'monitoring.exception.title',
  icon: 'warning-sign',
  list: {
    path: MONITORING_PATHS.useWaterException,
    // whole China days, not instants: the dates are left out of the default query and sent as 'YYYY-MM-DD'
    query: (request) => {
      const base = defaultListQuery({ ...request, filters: { ...request.filters, from: null, to: null } });
      const { from, to } = request.filters;
      return { ...base, ...(from ? { from: localDay(from) } : {}), ...(to ? { to: localDay(to) } : {}) };
    },
  },
  rowKey: (r) => r.id,
  initialFilters: { meterCode: '', alarmType: '', handleState: '0', areaId: '', from: null, to: null },
  filters: [
    { kind: 'text', key: 'meterCode', labelKey: 'monitoring.exception.meterCode', icon: 'search' },
    {
      kind: 'select',
      key: 'alarmType',
      labelKey: 'monitoring.exception.types',
      options: [
        { value: '', labelKey: 'monitoring.exception.all' },
        ...USAGE_EXCEPTION_TYPES.map((type) => ({ value: type, labelKey: `alarmConsole.type.${type}` })),
      ],
    },
    {
      kind: 'select',
      key: 'handleState',
      labelKey: 'monitoring.exception.handleState',
      options: [
        { value: '', labelKey: 'monitoring.exception.all' },
        ...(['0', '1', '2'] as const).map((s) => ({ value: s, labelKey: `monitoring.exception.handle.${s}` })),
      ],
    },
    {
      kind: 'select',
      key: 'areaId',
      labelKey: 'monitoring.exception.area',
      options: [
        { value: '', labelKey: 'monitoring.exception.all' },
        ...areas.map((a) => ({ value: String(a.id), label: a.areaName })),
      ],
    },
    { kind: 'dateRange', startKey: 'from', endKey: 'to', labelKey: 'monitoring.exception.days' },
  ],
  columns: COLUMNS,
  emptyIcon: 'tick-circle',
  batchActions: [
    {
      id: 'confirm',
      labelKey: 'monitoring.exception.confirm',
      icon: 'tick',
      intent: Intent.DANGER,
      permissions: EDIT,
      onClick: (rows) => onHandle({ rows, state: 1 }),
    },
    {
      id: 'dismiss',
      labelKey: 'monitoring.exception.dismiss',
      icon: 'cross',
      permissions: EDIT,
      onClick: (rows) => onHandle({ rows, state: 2 }),
    },
    { id: 'raise', labelKey: 'workOrderRaise.action', icon: 'clipboard', permissions: RAISE, onClick: onRaise },
  ],
  actions: [
    {
      id: 'raise',
      labelKey: 'workOrderRaise.action',
      icon: 'clipboard',
      permissions: RAISE,
      onClick: (row) => onRaise([row]),
    },
  ],
});

export type UseWaterExceptionDialogProps = {
  /** the chosen rows and the state they are to take */
  handling: Handling;
  /** closes the dialog (after a success too) */
  onClose: () => void;
};

/** Confirms or dismisses the chosen exceptions with an optional remark; only pending ones may be sent. */
export function UseWaterExceptionDialog({ handling, onClose }: UseWaterExceptionDialogProps) {
  const { t } = useTranslation();
  const [remark, setRemark] = useState('');
  const [update, { isLoading }] = useUpdateLeakageWaterStateMutation();
  const confirm = handling.state === 1;
  const notPending = handling.rows.some((r) => r.handleState !== 0);
  const tooLong = remark.trim().length > REMARK_MAX;
  const handleSubmit = async () => {
    const result = await update({
      ids: handling.rows.map((r) => r.id),
      state: handling.state,
      ...(remark.trim() ? { remark: remark.trim() } : {}),
    });
    if ('data' in result && result.data) {
      showMessage(t('monitoring.exception.done', { count: result.data.changed }), 'success');
      onClose();
    }
  };
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t(confirm ? 'monitoring.exception.dialogConfirm' : 'monitoring.exception.dialogDismiss', {
        count: handling.rows.length,
      })}
    >
      <DialogBody>
        <p>{t(confirm ? 'monitoring.exception.confirmHint' : 'monitoring.exception.dismissHint')}</p>
        {notPending && <Callout intent={Intent.WARNING}>{t('monitoring.exception.onlyPending')}</Callout>}
        <FormGroup
          label={t('monitoring.exception.remark')}
          labelFor="wo-exception-remark"
          intent={tooLong ? Intent.DANGER : Intent.NONE}
          helperText={tooLong ? t('monitoring.exception.remarkTooLong') : undefined}
        >
          <TextArea
            id="wo-exception-remark"
            fill
            value={remark}
            placeholder={t('monitoring.exception.remarkPlaceholder')}
            intent={tooLong ? Intent.DANGER : Intent.NONE}
            onChange={(e) => setRemark(e.currentTarget.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('monitoring.exception.cancel')}</Button>
            <Button
              intent={confirm ? Intent.DANGER : Intent.PRIMARY}
              loading={isLoading}
              disabled={notPending || tooLong}
              onClick={() => void handleSubmit()}
            >
              {t('monitoring.exception.submit')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}

export function UseWaterExceptionPage() {
  const { data: areas = [] } = useMeterAreasQuery();
  const { t } = useTranslation();
  const [handling, setHandling] = useState<Handling | null>(null);
  const [raising, setRaising] = useState<UseWaterException[] | null>(null);
  const descriptor = useMemo(() => usageExceptionResource(areas, setHandling, setRaising), [areas]);
  return (
    <>
      <ResourceListPage descriptor={descriptor} />
      {handling && <UseWaterExceptionDialog handling={handling} onClose={() => setHandling(null)} />}
      {raising && (
        <WorkOrderRaiseDialog
          target={{ kind: 'sources', items: raising.map((r) => usageRaiseItem(t, r)) }}
          onClose={() => setRaising(null)}
        />
      )}
    </>
  );
}
