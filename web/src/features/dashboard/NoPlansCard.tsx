import { Link } from 'react-router-dom';

/** Shown while the user has neither a workout nor a meal plan: the chat is where plans are made. */
export function NoPlansCard() {
  return (
    <section className="card card--highlight" aria-labelledby="no-plans-title">
      <h2 id="no-plans-title">No plans yet</h2>
      <p>Ask the AI trainer for a workout plan or a meal plan, save it, and your day shows up here.</p>
      <div className="actions">
        <Link className="btn btn--primary" to="/chat">
          Open AI Chat
        </Link>
      </div>
    </section>
  );
}
