import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface Props {
  /** The heading's id, which names the card for assistive technology. */
  id: string;
  title: string;
  kind: 'meal' | 'workout';
  planId: string | null;
  planName: string | null;
  /** What the card shows first, with or without a plan. */
  lead?: ReactNode;
  /** The card's body for the primary plan. */
  children: (planId: string) => ReactNode;
}

/** A dashboard card about the primary plan of one kind: its name and body, or without one a pointer to the chat. */
export function PrimaryPlanCard({ id, title, kind, planId, planName, lead, children }: Props) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead}
      {!planId ? (
        <p>
          No primary {kind} plan yet. <Link to="/chat">Ask the AI trainer for one</Link>.
        </p>
      ) : (
        <>
          <p className="muted">{planName}</p>
          {children(planId)}
        </>
      )}
    </section>
  );
}
