/** SCAFFOLD: replaced by the feature's page. */
export default function MealPlansPage() {
  return <h1>Meal plans</h1>;
}
