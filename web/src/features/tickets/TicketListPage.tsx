/** SCAFFOLD: replaced by the feature's page. */
export default function TicketListPage() {
  return <h1>Ticket list</h1>;
}
