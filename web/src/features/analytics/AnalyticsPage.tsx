/** SCAFFOLD: replaced by the feature's page. */
export default function AnalyticsPage() {
  return <h1>Analytics</h1>;
}
