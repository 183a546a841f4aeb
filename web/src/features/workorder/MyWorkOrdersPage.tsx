// Placeholder until its helper lands the page (issue 15).
export function MyWorkOrdersPage() {
  return <div className="wo-page" />;
}
