/** SCAFFOLD: replaced by the feature's page. */
export default function TrackerPage() {
  return <h1>Workout tracker</h1>;
}
