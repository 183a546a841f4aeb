// Where a to-do leads (spec §2: "opens the work-order page with a code query taken from the item's param"). The
// work-order page arrives with issue 8; its route is the one its menu entry will carry.
export const WORK_ORDER_ROUTE = '/workorder';

export const workOrderPath = (code: string | null): string =>
  code ? `${WORK_ORDER_ROUTE}?code=${encodeURIComponent(code)}` : WORK_ORDER_ROUTE;
