/** SCAFFOLD: replaced by the feature's page. */
export default function ProgressPage() {
  return <h1>Progress</h1>;
}
