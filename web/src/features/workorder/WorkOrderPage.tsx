// Placeholder until its helper lands the page (issue 15).
export function WorkOrderPage() {
  return <div className="wo-page" />;
}
