/** SCAFFOLD: replaced by the feature's page. */
export default function LandingPage() {
  return <h1>Landing</h1>;
}
