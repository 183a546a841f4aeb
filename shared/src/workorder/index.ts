// @waterops/shared/workorder — work orders (spec §1, §2, §4, §6, §7, §9; issue 15): the model and its words, the
// state machine as data, the work calendar and the deadline function, the fields declared once, the calls.
export * from './calendarText.ts';
export * from './paths.ts';
export * from './raiseRules.ts';
export * from './workCalendar.ts';
export * from './workOrderDeadlines.ts';
export * from './workOrderFields.ts';
export * from './workOrderMachine.ts';
export * from './workOrderModel.ts';
export * from './workOrderRequests.ts';
export * from './workOrderRules.ts';
export * from './workOrderSettingsRules.ts';
