import { isSubscriberRole, SUBSCRIBE_PATH } from '../../shared/auth/access';
import { ButtonLink } from '../../shared/ui';

/** What someone who is not staff reads on the staff's ticket pages: what the page is, and where their own way is. */
export function NotStaff({ role }: { role: number | undefined }) {
  return (
    <main className="page page--narrow">
      <header className="page-header">
        <h1>Tickets</h1>
      </header>
      <div className="card stack">
        <p>The ticket list is for our support team.</p>
        {role === undefined ? (
          <>
            <p className="muted">Sign in to report a problem or to see the tickets you sent.</p>
            <div>
              <ButtonLink to="/login">Sign In</ButtonLink>
            </div>
          </>
        ) : isSubscriberRole(role) ? (
          <>
            <p className="muted">The tickets you sent, and what became of each, are on the Help &amp; support page.</p>
            <div>
              <ButtonLink to="/ticket">See your tickets</ButtonLink>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Reporting a problem through a ticket comes with the subscription. You can always write to support@kinetic.example, and download or delete your account yourself on your profile.</p>
            <div className="row">
              <ButtonLink to={SUBSCRIBE_PATH}>See the subscription</ButtonLink>
              <ButtonLink to="/prof#delete" variant="secondary">
                Your data and account
              </ButtonLink>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
