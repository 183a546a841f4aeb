// How a validated day's quality and rule read on screen: the quality as a tag (A actual, E estimated, S
// substituted), the rule by its name with its meaning as a tooltip. Any page showing reading_days can use these.
import { Intent, Tag } from '@blueprintjs/core';
import type { QualityCode, RuleCode } from '@waterops/shared/reading';
import { useTranslation } from 'react-i18next';

const QUALITY_INTENT: Record<QualityCode, Intent> = { A: Intent.SUCCESS, E: Intent.WARNING, S: Intent.DANGER };

export type QualityTagProps = {
  /** the day's quality code */
  quality: QualityCode;
};

export function QualityTag({ quality }: QualityTagProps) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={QUALITY_INTENT[quality]} title={t(`dataCheck.qualityHint.${quality}`)}>
      {quality} {t(`dataCheck.quality.${quality}`)}
    </Tag>
  );
}

export type RuleNameProps = {
  /** the rule that fired on the day, if any */
  rule: RuleCode | null;
};

/** A rule by its name, with what it means as the tooltip; nothing for a clean day. */
export function RuleName({ rule }: RuleNameProps) {
  const { t } = useTranslation();
  if (!rule) return null;
  return <span title={t(`dataCheck.ruleHint.${rule}`)}>{t(`dataCheck.rule.${rule}`)}</span>;
}
