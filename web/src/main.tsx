import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** A placeholder until the web client lands: says the API is up and where it is. */
function Placeholder() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>AI Personal Trainer</h1>
      <p>The web app is on its way. The API is served under <code>/api</code>.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
