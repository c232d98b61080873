/** SCAFFOLD: replaced by the feature's page. */
export default function SubscriptionSuccessPage() {
  return <h1>Subscription success</h1>;
}
