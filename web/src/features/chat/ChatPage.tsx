/** SCAFFOLD: replaced by the feature's page. */
export default function ChatPage() {
  return <h1>AI chat</h1>;
}
