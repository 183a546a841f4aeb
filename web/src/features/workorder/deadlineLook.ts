// How an order's standing against its deadline looks (the shared `deadlineState` decides the class): a colour per
// class — the overdue 24 / 48 / 72 h classes each darker than the one before — and the countdown's words.
import { Intent } from '@blueprintjs/core';
import type { DeadlineClass, DeadlineState } from '@waterops/shared/workorder';

/** Most pressing first: the queue's urgency order and the rank a filter counts from. */
export const DEADLINE_RANK: Record<DeadlineClass, number> = {
  over72: 0,
  over48: 1,
  over24: 2,
  overdue: 3,
  dueSoon: 4,
  onTime: 5,
  paused: 6,
  done: 7,
};

export const DEADLINE_INTENT: Record<DeadlineClass, Intent> = {
  over72: Intent.DANGER,
  over48: Intent.DANGER,
  over24: Intent.DANGER,
  overdue: Intent.DANGER,
  dueSoon: Intent.WARNING,
  onTime: Intent.SUCCESS,
  paused: Intent.NONE,
  done: Intent.NONE,
};

/** Classes drawn as solid tags (the rest minimal): the further past due, the heavier. */
export const isSolidDeadline = (c: DeadlineClass): boolean => c === 'over24' || c === 'over48' || c === 'over72';

/** The parts of a duration, whole minutes (at least one minute shown). */
export const durationParts = (ms: number): { d: number; h: number; m: number } => {
  const minutes = Math.max(1, Math.floor(Math.abs(ms) / 60_000));
  return { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60 };
};

type T = (key: string, params?: Record<string, unknown>) => string;

/** A duration in words: days and hours past a day, hours and minutes under it ('1天3小时', '2 h 5 min'). */
export const formatDuration = (ms: number, t: T): string => {
  const { d, h, m } = durationParts(ms);
  if (d > 0)
    return h > 0
      ? `${t('workOrderPage.unit.d', { n: d })}${t('workOrderPage.unit.sep')}${t('workOrderPage.unit.h', { n: h })}`
      : t('workOrderPage.unit.d', { n: d });
  if (h > 0)
    return m > 0
      ? `${t('workOrderPage.unit.h', { n: h })}${t('workOrderPage.unit.sep')}${t('workOrderPage.unit.m', { n: m })}`
      : t('workOrderPage.unit.h', { n: h });
  return t('workOrderPage.unit.m', { n: m });
};

/** The countdown's text: time left, time late, paused, or the class's own label. */
export const countdownText = (state: DeadlineState, t: T): string => {
  if (state.remainingMs === null) return t(`workOrder.deadline.${state.class}`);
  if (state.remainingMs > 0) return t('workOrderPage.deadline.left', { time: formatDuration(state.remainingMs, t) });
  return t('workOrderPage.deadline.late', { time: formatDuration(state.remainingMs, t) });
};
