/** SCAFFOLD: replaced by the feature's page. */
export default function TicketPage() {
  return <h1>Submit a ticket</h1>;
}
