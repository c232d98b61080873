import { useId, useRef, type ReactNode } from 'react';

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the chosen panel is in the page. */
export function Tabs({ tabs, selected, onSelect, label }: { tabs: Array<{ id: string; title: string; panel: () => ReactNode }>; selected: string; onSelect: (id: string) => void; label: string }) {
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const index = Math.max(0, tabs.findIndex((t) => t.id === selected));
  const move = (to: number) => {
    const next = (to + tabs.length) % tabs.length;
    onSelect(tabs[next]!.id);
    buttons.current[next]?.focus();
  };
  const current = tabs[index]!;
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={i === index}
            aria-controls={`${base}-panel`}
            tabIndex={i === index ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(i + 1);
              else if (event.key === 'ArrowLeft') move(i - 1);
              else if (event.key === 'Home') move(0);
              else if (event.key === 'End') move(tabs.length - 1);
              else return;
              event.preventDefault();
            }}
          >
            {tab.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${current.id}`} className="tabs__panel">
        {current.panel()}
      </div>
    </div>
  );
}
