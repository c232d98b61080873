/** SCAFFOLD: replaced by the feature's page. */
export default function LoginPage() {
  return <h1>Login</h1>;
}
