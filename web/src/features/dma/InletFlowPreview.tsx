// The first lines of an inlet-flow file as a table; in a wide file each flow column's header carries a select of
// the district's inlet and outlet meters (or "skip"), pre-selected when the header is a meter's code.
import { HTMLSelect, HTMLTable } from '@blueprintjs/core';
import type { DistrictMeter, InletFlowSniff } from '@waterops/shared/dma';
import { useTranslation } from 'react-i18next';
import { SKIP, UNSET } from './inletFlowMapping.ts';

export type InletFlowPreviewProps = {
  /** the file's format and first lines */
  sniff: InletFlowSniff;
  /** the meters a column can go to */
  meters: DistrictMeter[];
  /** header → meter id, SKIP or UNSET */
  mapping: Record<string, string>;
  onMappingChange: (header: string, value: string) => void;
};

export function InletFlowPreview({ sniff, meters, mapping, onMappingChange }: InletFlowPreviewProps) {
  const { t } = useTranslation();
  const width = Math.max(sniff.header?.length ?? 0, ...sniff.preview.map((p) => p.cells.length));
  const indexes = Array.from({ length: width }, (_, i) => i);
  const flowColumn = new Map(sniff.columns.map((c) => [c.index, c.header]));
  const roleName = (role: number) => t(role === 1 ? 'dma.inlet.roleInlet' : 'dma.inlet.roleOutlet');
  return (
    <div style={{ overflowX: 'auto', marginBottom: 10 }}>
      <HTMLTable compact bordered aria-label={t('dma.inlet.preview')}>
        <thead>
          {sniff.header && (
            <tr>
              <th>{t('dma.inlet.lineNo')}</th>
              {indexes.map((i) => (
                <th key={i}>{sniff.header?.[i] ?? ''}</th>
              ))}
            </tr>
          )}
          {sniff.layout === 'wide' && (
            <tr>
              <th>{t('dma.inlet.meter')}</th>
              {indexes.map((i) => {
                const header = flowColumn.get(i);
                if (i === sniff.timeIndex) return <th key={i}>{t('dma.inlet.timeColumn')}</th>;
                if (header === undefined) return <th key={i} />;
                return (
                  <th key={i}>
                    <HTMLSelect
                      aria-label={t('dma.inlet.columnMeter', { column: header })}
                      value={mapping[header] ?? UNSET}
                      onChange={(e) => onMappingChange(header, e.currentTarget.value)}
                    >
                      <option value={UNSET}>{t('dma.inlet.choose')}</option>
                      <option value={SKIP}>{t('dma.inlet.skip')}</option>
                      {meters.map((m) => (
                        <option key={m.meterId} value={String(m.meterId)}>
                          {t('dma.inlet.meterOption', { code: m.meterCode, role: roleName(m.role) })}
                        </option>
                      ))}
                    </HTMLSelect>
                  </th>
                );
              })}
            </tr>
          )}
        </thead>
        <tbody>
          {sniff.preview.map((p) => (
            <tr key={p.line}>
              <td>{p.line}</td>
              {indexes.map((i) => (
                <td key={i}>{p.cells[i] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
