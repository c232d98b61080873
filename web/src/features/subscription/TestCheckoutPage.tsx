/** SCAFFOLD: replaced by the feature's page. */
export default function TestCheckoutPage() {
  return <h1>Test checkout</h1>;
}
