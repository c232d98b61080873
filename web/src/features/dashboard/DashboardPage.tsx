/** SCAFFOLD: replaced by the feature's page. */
export default function DashboardPage() {
  return <h1>Dashboard</h1>;
}
