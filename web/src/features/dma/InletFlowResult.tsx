// What an inlet-flow import stored: samples and covered days per meter, the interval and span, and the lines that
// failed (the first ones with their reason, all counted).
import { Callout, HTMLTable, Intent } from '@blueprintjs/core';
import type { InletFlowImport } from '@waterops/shared/dma';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateRange.ts';

export type InletFlowResultProps = {
  /** the import's answer */
  result: InletFlowImport;
};

export function InletFlowResult({ result }: InletFlowResultProps) {
  const { t } = useTranslation();
  const time = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '—');
  const failedCount = result.failedCount ?? result.failed.length;
  return (
    <Callout
      intent={failedCount > 0 ? Intent.WARNING : Intent.SUCCESS}
      role="status"
      title={t('dma.inlet.imported', { count: result.imported })}
    >
      {result.intervalMinutes !== null && <div>{t('dma.inlet.interval', { minutes: result.intervalMinutes })}</div>}
      {result.from && <div>{t('dma.inlet.range', { from: time(result.from), to: time(result.to) })}</div>}
      {(result.meters ?? []).length > 0 && (
        <HTMLTable compact aria-label={t('dma.inlet.perMeter')}>
          <thead>
            <tr>
              <th>{t('dma.inlet.meter')}</th>
              <th>{t('dma.inlet.samples')}</th>
              <th>{t('dma.inlet.days')}</th>
            </tr>
          </thead>
          <tbody>
            {result.meters.map((m) => (
              <tr key={m.meterId}>
                <td>{m.meterCode}</td>
                <td>{m.samples}</td>
                <td>{m.days}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {failedCount > 0 && (
        <>
          <div>{t('dma.inlet.failed', { count: failedCount })}</div>
          {failedCount > result.failed.length && (
            <div>{t('dma.inlet.failedShown', { count: result.failed.length })}</div>
          )}
          <HTMLTable compact aria-label={t('dma.inlet.failedLines')}>
            <tbody>
              {result.failed.map((f) => (
                <tr key={`${f.line}-${f.message}`}>
                  <td>{t('dma.inlet.line', { line: f.line })}</td>
                  <td>{t(f.message, { defaultValue: f.message })}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </Callout>
  );
}
