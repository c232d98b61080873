/** SCAFFOLD: replaced by the feature's page. */
export default function WelcomeDashboard() {
  return <h1>Welcome</h1>;
}
