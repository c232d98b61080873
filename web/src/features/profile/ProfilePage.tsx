/** SCAFFOLD: replaced by the feature's page. */
export default function ProfilePage() {
  return <h1>Profile</h1>;
}
