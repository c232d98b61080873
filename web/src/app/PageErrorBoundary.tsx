import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/**
 * Around the lazy page: when a page's code cannot be fetched (the server went away, or a new release replaced the
 * file) or the page throws while drawing, the frame and the menu stay and the page says so with Reload, instead of
 * a blank white screen. Keyed by the path in the Layout, so moving to another page tries again.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('A page failed to load or draw', error);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page screen">
        <div className="card alert alert--error load-failed" role="alert">
          <p>
            <strong>This page could not be loaded.</strong> The server may be unreachable or the app was updated. Nothing you saved is lost.
          </p>
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            Reload
          </button>
        </div>
      </main>
    );
  }
}
