// Month-end bases (抄表底数) as a descriptor: a period (last month by default), body code prefix, quality and check
// state filters; start, end and use per meter; freezing an ended month by hand (once: the scheduled job and this
// button share the run); batch read-now (抄读) and batch valve control (批量阀控) on the selected meters.
import { Button, ControlGroup, FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { Result } from '@waterops/shared/api';
import { COMMAND_PATHS } from '@waterops/shared/command';
import {
  CHECK_STATES,
  type FreezeReply,
  isQualityCode,
  METER_BASE_PATHS,
  type MeterBase,
  PERIOD_PATTERN,
} from '@waterops/shared/reading';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../api/message.ts';
import { formatDateTime } from '../../components/dateRange.ts';
import { Permission } from '../../components/Permission.tsx';
import { ResourceListPage } from '../../resources/ResourceListPage.tsx';
import { useResourceMutationMutation } from '../../resources/resourceApi.ts';
import type { ResourceDescriptor } from '../../resources/types.ts';
import { WorkOrderRaiseDialog } from '../workorder/WorkOrderRaiseDialog.tsx';
import { baseRaiseItem } from '../workorder/workOrderRaiseSources.ts';
import { lastPeriod, METER_BASE_RESOURCE } from './meterBaseApi.ts';
import { QualityTag } from './QualityTag.tsx';

export type MeterBaseFilters = { period: string; meterCode: string; quality: string; checkState: string };

const EDIT = ['reading:meterBase:edit'];
/** read-now and batch valve: this page's editors, or the valve control page's (as the command routes accept) */
const COMMAND = [...EDIT, 'device:valveControl:edit'];
/** reading-exception work orders: this page's editors, or anyone who may create work orders (as the routes accept) */
const RAISE = [...EDIT, 'workorder:create'];
const PERIOD = new RegExp(PERIOD_PATTERN);
const reading = (v: number | null) => (v === null ? '' : v.toFixed(3));

/** The descriptor; `command` sends a meter command to the selected bases' meters. */
export const meterBaseResource = (
  command: (url: string, rows: MeterBase[], extra?: Record<string, unknown>) => Promise<void>,
  onRaise: (rows: MeterBase[]) => void = () => {},
): ResourceDescriptor<MeterBase, MeterBaseFilters> => ({
  id: METER_BASE_RESOURCE,
  titleKey: 'meterBase.title',
  icon: 'book',
  list: { path: METER_BASE_PATHS.list },
  rowKey: (row) => row.id,
  initialFilters: { period: lastPeriod(), meterCode: '', quality: '', checkState: '' },
  filters: [
    { kind: 'text', key: 'period', labelKey: 'meterBase.period', placeholderKey: 'meterBase.periodPlaceholder' },
    { kind: 'text', key: 'meterCode', labelKey: 'meterBase.meterCode', icon: 'search' },
    {
      kind: 'select',
      key: 'quality',
      labelKey: 'meterBase.quality',
      options: [
        { value: '', labelKey: 'meterBase.all' },
        { value: 'A', labelKey: 'meterBase.qualityA' },
        { value: 'E', labelKey: 'meterBase.qualityE' },
      ],
    },
    {
      kind: 'select',
      key: 'checkState',
      labelKey: 'meterBase.checkState',
      options: [
        { value: '', labelKey: 'meterBase.all' },
        { value: '0', labelKey: 'meterBase.check0' },
        { value: '1', labelKey: 'meterBase.check1' },
        { value: '2', labelKey: 'meterBase.check2' },
      ],
    },
  ],
  columns: [
    { key: 'meterCode', titleKey: 'meterBase.meterCode', width: 150 },
    { key: 'areaName', titleKey: 'meterBase.area', width: 140, text: (r) => r.areaName ?? '' },
    { key: 'period', titleKey: 'meterBase.period', width: 90 },
    { key: 'startReading', titleKey: 'meterBase.startReading', width: 120, text: (r) => reading(r.startReading) },
    { key: 'endReading', titleKey: 'meterBase.endReading', width: 120, text: (r) => reading(r.endReading) },
    { key: 'consumption', titleKey: 'meterBase.consumption', width: 110, text: (r) => reading(r.consumption) },
    {
      key: 'quality',
      titleKey: 'meterBase.quality',
      width: 100,
      text: (r) => r.quality,
      render: (r) => (isQualityCode(r.quality) ? <QualityTag quality={r.quality} /> : r.quality),
    },
    {
      key: 'checkMessage',
      titleKey: 'meterBase.checkMessage',
      width: 220,
      grow: true,
      text: (r) => r.checkMessage ?? '',
    },
    {
      key: 'frozenAt',
      titleKey: 'meterBase.frozenAt',
      width: 170,
      hiddenByDefault: true,
      text: (r) => formatDateTime(new Date(r.frozenAt)),
    },
  ],
  emptyIcon: 'book',
  exportPath: METER_BASE_PATHS.export,
  exportPermissions: ['reading:meterBase:view', 'reading:baseCheck:view'],
  batchActions: [
    {
      id: 'meterRead',
      labelKey: 'meterBase.meterRead',
      icon: 'refresh',
      permissions: COMMAND,
      onClick: (rows) => command(COMMAND_PATHS.meterRead, rows),
    },
    {
      id: 'valveOpen',
      labelKey: 'meterBase.valveOpen',
      icon: 'unlock',
      permissions: COMMAND,
      onClick: (rows) => command(COMMAND_PATHS.batchValve, rows, { action: 'open' }),
    },
    {
      id: 'valveClose',
      labelKey: 'meterBase.valveClose',
      icon: 'lock',
      intent: Intent.DANGER,
      permissions: COMMAND,
      onClick: (rows) => command(COMMAND_PATHS.batchValve, rows, { action: 'close' }),
    },
    // reading-exception work orders (spec §7 meterBase batchWorkOrder): the server answers per base
    { id: 'workOrder', labelKey: 'workOrderRaise.action', icon: 'clipboard', permissions: RAISE, onClick: onRaise },
  ],
  actions: [
    {
      id: 'workOrder',
      labelKey: 'workOrderRaise.action',
      icon: 'clipboard',
      permissions: RAISE,
      // a base the check found abnormal
      visible: (row) => row.checkState === CHECK_STATES.abnormal,
      onClick: (row) => onRaise([row]),
    },
  ],
});

export function MeterBasePage() {
  const { t } = useTranslation();
  const [send, { isLoading }] = useResourceMutationMutation();
  const [period, setPeriod] = useState(lastPeriod());
  const [error, setError] = useState<string | null>(null);
  const [raising, setRaising] = useState<MeterBase[] | null>(null);
  const descriptor = useMemo(
    () =>
      meterBaseResource(async (url, rows, extra = {}) => {
        try {
          const meterIds = [...new Set(rows.map((r) => r.meterId))];
          await send({
            resource: METER_BASE_RESOURCE,
            config: { url, method: 'POST', data: { meterIds, ...extra } },
          }).unwrap();
          showMessage(t('meterBase.commandsSent', { count: meterIds.length }), 'success');
        } catch {
          // the request layer has shown the server's message
        }
      }, setRaising),
    [send, t],
  );

  const handleFreeze = async () => {
    const value = period.trim();
    if (!PERIOD.test(value)) {
      setError(t('meterBase.periodInvalid'));
      return;
    }
    setError(null);
    try {
      const reply = (await send({
        resource: METER_BASE_RESOURCE,
        config: { url: METER_BASE_PATHS.freeze, method: 'POST', data: { period: value } },
      }).unwrap()) as Result<FreezeReply>;
      showMessage(t('meterBase.frozen', { period: value, count: reply.datas.frozen }), 'success');
    } catch {
      // refused (month not ended, already frozen): the request layer has shown the server's message
    }
  };

  // the freeze sits in the page head, right of the title, like the data check's button
  return (
    <div className="wo-meter-base">
      <ResourceListPage descriptor={descriptor} />
      <Permission any={EDIT}>
        <div className="meter-base-freeze">
          <FormGroup
            inline
            label={t('meterBase.freezePeriod')}
            labelFor="meter-base-freeze-period"
            intent={error ? Intent.DANGER : Intent.NONE}
            helperText={error}
          >
            <ControlGroup>
              <InputGroup
                id="meter-base-freeze-period"
                value={period}
                intent={error ? Intent.DANGER : Intent.NONE}
                placeholder="YYYY-MM"
                onChange={(e) => setPeriod(e.currentTarget.value)}
              />
              <Button icon="snowflake" loading={isLoading} onClick={handleFreeze} intent={Intent.PRIMARY}>
                {t('meterBase.freezeButton')}
              </Button>
            </ControlGroup>
          </FormGroup>
        </div>
      </Permission>
      {raising && (
        <WorkOrderRaiseDialog
          target={{ kind: 'bases', items: raising.map((b) => baseRaiseItem(t, b)) }}
          autoPriorityKey="workOrderRaise.priorityByType"
          onClose={() => setRaising(null)}
        />
      )}
    </div>
  );
}
