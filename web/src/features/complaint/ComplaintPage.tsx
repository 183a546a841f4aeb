// Placeholder until its helper lands the page (issue 15).
export function ComplaintPage() {
  return <div className="wo-page" />;
}
