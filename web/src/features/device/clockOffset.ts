// How far a concentrator's clock is from the server's, in words: "快 95 秒" / "95 s fast". Clock drift makes its
// meters' read times wrong, so the drawer shows it next to the last report.
import type { TFunction } from 'i18next';

/** Within this many seconds a clock counts as in step (network delay alone is a second or two). */
export const IN_STEP_SECONDS = 5;

export const clockOffsetText = (seconds: number | null, t: TFunction): string => {
  if (seconds === null) return t('concentrator.clockUnknown');
  const abs = Math.abs(seconds);
  if (abs < IN_STEP_SECONDS) return t('concentrator.clockInSync');
  const amount =
    abs < 120
      ? t('concentrator.clockSeconds', { n: abs })
      : abs < 7200
        ? t('concentrator.clockMinutes', { n: Math.round(abs / 60) })
        : t('concentrator.clockHours', { n: Math.round(abs / 3600) });
  return t('concentrator.clockOffset', {
    amount,
    direction: t(seconds > 0 ? 'concentrator.clockFast' : 'concentrator.clockSlow'),
  });
};
