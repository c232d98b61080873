/** SCAFFOLD: replaced by the feature's page. */
export default function TermsPage() {
  return <h1>Terms</h1>;
}
