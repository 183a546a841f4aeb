// Month-end bases on the web: the resource id their lists are tagged with (a freeze, check or correction refreshes
// them) and the default period, last China month.
import { addMonths, chinaMonth } from '@waterops/shared/reading';

export const METER_BASE_RESOURCE = 'reading.meterBase';

/** Last month in China time ('YYYY-MM'): the month a freeze or a check is usually about. */
export const lastPeriod = (now: Date = new Date()): string => addMonths(chinaMonth(now), -1);
