// Tabs after the WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home, End) move and select.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
  children,
}: {
  label: string;
  items: readonly TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  children: ReactNode;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const at = items.findIndex((item) => item.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const id = items[next]!.id;
    onSelect(id);
    refs.current.get(id)?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {items.map((item) => (
          <button
            key={item.id}
            ref={(el) => {
              if (el) refs.current.set(item.id, el);
              else refs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`panel-${item.id}`}
            tabIndex={item.id === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(item.id)}
            onKeyDown={onKeyDown}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`panel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        tabIndex={0}
        className="tab-panel"
      >
        {children}
      </div>
    </div>
  );
}
