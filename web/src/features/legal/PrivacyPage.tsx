/** SCAFFOLD: replaced by the feature's page. */
export default function PrivacyPage() {
  return <h1>Privacy</h1>;
}
