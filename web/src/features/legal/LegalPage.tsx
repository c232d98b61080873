import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT } from '../../shared/brand';
import './legal.css';

/** docs/product.md#screens-feature-by-feature: both legal pages carry this date. */
export const EFFECTIVE_DATE = '08/23/2025';

export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="page legal">
      <article className="card legal__body">
        <h1>{title}</h1>
        <p className="muted">Effective date: {EFFECTIVE_DATE}</p>
        {children}
        <p className="legal__nav">
          <Link to="/privacy">Privacy Policy</Link> · <Link to="/terms">Terms of Service</Link> · <Link to="/">Back to {PRODUCT}</Link>
        </p>
      </article>
    </main>
  );
}
