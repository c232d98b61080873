/** SCAFFOLD: replaced by the feature's page. */
export default function HomePage() {
  return <h1>Home</h1>;
}
