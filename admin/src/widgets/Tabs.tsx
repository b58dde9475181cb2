/**
 * Tabs as assistive technology expects them: a tab list whose tabs name the one panel below them,
 * the selected tab the only one in the Tab order, and the arrow keys, Home and End moving between
 * tabs (each selected as it is reached).
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<T extends string> {
  value: T;
  label: ReactNode;
}

interface TabsProps<T extends string> {
  /** What the tabs choose, for a screen reader ("Bahasa", "Status"). */
  label: string;
  tabs: readonly Tab<T>[];
  selected: T;
  onSelect: (value: T) => void;
  className?: string;
  /** The panel: what the selected tab shows. */
  children: ReactNode;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export function Tabs<T extends string>({ label, tabs, selected, onSelect, className, children }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (value: T) => `${id}-tab-${value || 'all'}`;
  const panelId = `${id}-panel`;
  const move = (event: KeyboardEvent) => {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const index = next(Math.max(0, tabs.findIndex((tab) => tab.value === selected)), tabs.length);
    onSelect(tabs[index]!.value);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[index]?.focus();
  };
  return (
    <>
      <div className={className} role="tablist" aria-label={label} ref={list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.value || 'all'}
            id={tabId(tab.value)}
            type="button"
            role="tab"
            aria-selected={tab.value === selected}
            aria-controls={panelId}
            tabIndex={tab.value === selected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  );
}
