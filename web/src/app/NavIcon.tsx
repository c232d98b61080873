import type { NavIcon as Name } from './nav';

/** Small line icons for the nav (inline SVG: no image requests, no icon font). */
const paths: Record<Name, string> = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  chat: 'M4 5h16v11H8l-4 4z M8 9h8 M8 12h5',
  work: 'M6 8v8 M18 8v8 M3 10v4 M21 10v4 M6 12h12',
  track: 'M12 21a8 8 0 1 0 0-16 8 8 0 0 0 0 16z M12 9v4l2.5 1.5 M10 2h4 M12 2v3',
  plan: 'M7 3v8a3 3 0 0 0 3 3v7 M10 3v5 M13 3v8a3 3 0 0 1-3 3 M18 3c-2 2-2 6 0 8v10',
  food: 'M12 7c-1.5-2-4-2.5-5.5-1.5C4 7 4.5 12 6.5 16c1.2 2.6 2.8 4.5 4 4.5.7 0 1-.4 1.5-.4s.8.4 1.5.4c1.2 0 2.8-1.9 4-4.5 2-4 2.5-9 0-10.5C16 4.5 13.5 5 12 7z M12 7c0-2 1-3.5 3-4',
  prog: 'M4 20V10 M10 20V4 M16 20v-7 M22 20H2',
  analytics: 'M3 3v18h18 M7 15l4-4 3 3 6-6 M16 8h4v4',
  prof: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0',
  login: 'M10 17l5-5-5-5 M15 12H3 M14 3h6v18h-6',
  logout: 'M9 21H4V3h5 M16 17l5-5-5-5 M21 12H9',
  tickets: 'M3 13h5l1.5 3h5L16 13h5 M5 5h14l2 8v6a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-6z',
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.7v.5 M12 17h.01',
};

export function NavIcon({ name }: { name: Name }) {
  return (
    <svg className="nav__icon" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
