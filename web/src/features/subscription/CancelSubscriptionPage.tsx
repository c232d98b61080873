/** SCAFFOLD: replaced by the feature's page. */
export default function CancelSubscriptionPage() {
  return <h1>Cancel subscription</h1>;
}
