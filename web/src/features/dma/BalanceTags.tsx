// A rate in the colour of its CJJ 92-2016 grade and the grade as a tag: the balance table's and the detail's.
import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { percent, rateTone } from './balanceFormat.ts';

/** A rate in its grade's colour. */
export function RateText({ rate }: { rate: number | null }) {
  const tone = rateTone(rate);
  return <span className={tone ? `wo-dma-rate-${tone}` : undefined}>{percent(rate)}</span>;
}

export function GradeTag({ grade }: { grade: string | null }) {
  const { t } = useTranslation();
  if (!grade) return <>—</>;
  const intent = grade === 'first' ? 'success' : grade === 'second' ? 'warning' : 'danger';
  return (
    <Tag minimal intent={intent}>
      {t(`dma.balance.grades.${grade}`, { defaultValue: grade })}
    </Tag>
  );
}
