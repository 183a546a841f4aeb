// Placeholder until its helper lands the page (issue 15).
export function WorkCalendarPage() {
  return <div className="wo-page" />;
}
