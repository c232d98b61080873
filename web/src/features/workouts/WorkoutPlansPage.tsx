/** SCAFFOLD: replaced by the feature's page. */
export default function WorkoutPlansPage() {
  return <h1>Workout plans</h1>;
}
