// The raise dialog's sources from each page's rows: an alarm of the console, a usage exception, a month-end base —
// named in the reader's language, with the raise each becomes (the server derives type and priority from it).
import type { Alarm, UseWaterException } from '@waterops/shared/monitoring';
import type { MeterBase } from '@waterops/shared/reading';
import type { TFunction } from 'i18next';
import type { RaiseBaseItem, RaiseSourceItem } from './WorkOrderRaiseDialog.tsx';

export const alarmRaiseItem = (t: TFunction, a: Alarm): RaiseSourceItem => ({
  label: t('workOrderRaise.source.alarm', {
    kind: t(`alarmConsole.sourceKind.${a.sourceKind}`),
    code: a.sourceCode,
    type: t(`alarmConsole.type.${a.alarmType}`),
  }),
  raise: { source: 'alarm', alarmId: a.id },
});

/** A usage exception is its meter and type; its alarm goes along so the order notes it. */
export const usageRaiseItem = (t: TFunction, e: UseWaterException): RaiseSourceItem => ({
  label: t('workOrderRaise.source.usage', { code: e.meterCode, type: t(`alarmConsole.type.${e.alarmType}`) }),
  raise: { source: 'usageException', meterId: e.meterId, exceptionType: e.alarmType, alarmId: e.id },
});

export const baseRaiseItem = (t: TFunction, b: MeterBase): RaiseBaseItem => ({
  label: t('workOrderRaise.source.reading', {
    code: b.meterCode,
    period: b.period,
    check: b.checkMessage ?? t(`meterBase.check${b.checkState}`),
  }),
  id: b.id,
});
