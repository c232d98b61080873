/** SCAFFOLD: replaced by the feature's page. */
export default function SignupPage() {
  return <h1>Sign up</h1>;
}
