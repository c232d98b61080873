/** SCAFFOLD: replaced by the feature's page. */
export default function VerificationSuccessPage() {
  return <h1>Verification success</h1>;
}
