import { ButtonLink } from '../shared/ui';

export default function NotFoundPage() {
  return (
    <main className="page page--narrow">
      <div className="card stack">
        <p className="badge">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you’re looking for doesn’t exist or has moved.</p>
        <div>
          <ButtonLink to="/">Go home</ButtonLink>
        </div>
      </div>
    </main>
  );
}
