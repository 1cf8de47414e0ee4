import type { ComponentType } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { StoreRoot } from '../../src/store/root';
import { useTr } from '../context';
import type { ResultsProps } from './Lookup';

/*
 * What the popup's first load carries of the rule lookup: the button, the keyboard shortcuts and the
 * search box itself, so that what is typed right after "/" is never lost. The index, the search and
 * the live numbers (./Lookup) load when it first opens.
 */

let loading: Promise<ComponentType<ResultsProps>> | null = null;
const loadResults = () => (loading ??= import('./Lookup').then((m) => m.Results));

const typingIn = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** "/" (outside a text field) or Ctrl+K / ⌘K opens the rule lookup and puts the cursor in it. */
const isShortcut = (e: KeyboardEvent): boolean =>
  (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !typingIn(e.target)) ||
  ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k');

export function RuleLookup({ root }: { root: StoreRoot | null }) {
  const tr = useTr();
  const [open, setOpen] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [Results, setResults] = useState<ComponentType<ResultsProps> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const section = useRef<HTMLElement>(null);

  const show = () => {
    setOpen(true);
    setFocusRequest((n) => n + 1);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      e.preventDefault();
      show();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // A layout effect: the box has the focus before the next key arrives.
  useLayoutEffect(() => {
    if (!open) return;
    input.current?.focus();
    input.current?.select();
  }, [open, focusRequest]);

  useEffect(() => {
    if (open && !Results) void loadResults().then((component) => setResults(() => component));
  }, [open, Results]);

  /** Arrow keys walk from the box through the results and back; Escape closes from anywhere inside. */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
      return;
    }
    const items = [...(section.current?.querySelectorAll<HTMLElement>('.lookup-result') ?? [])];
    const go = (i: number) => {
      e.preventDefault();
      if (i < 0) input.current?.focus();
      else items[Math.min(i, items.length - 1)]?.focus();
    };
    if (e.target === input.current) {
      if ((e.key === 'ArrowDown' || e.key === 'Enter') && items.length) go(0);
      return;
    }
    const at = items.indexOf(e.target as HTMLElement);
    if (at < 0) return;
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(items.length - 1);
  };

  return (
    <>
      <button
        type="button"
        ref={button}
        class="small lookup-open"
        data-testid="lookup-open"
        aria-expanded={open}
        aria-keyshortcuts="/ Control+K"
        aria-label={tr('lookup_open_label')}
        title={tr('lookup_open_label')}
        onClick={() => (open ? close() : show())}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="2" />
          <path d="M10 10l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
        </svg>
      </button>
      {open && (
        <section class="lookup" ref={section} aria-labelledby="lookup-title" data-testid="lookup" onKeyDown={onKeyDown}>
          <h2 id="lookup-title" class="visually-hidden">
            {tr('lookup_title')}
          </h2>
          <div role="search" class="lookup-bar">
            <label for="lookup-q">{tr('lookup_label')}</label>
            <div class="row">
              <input
                id="lookup-q"
                ref={input}
                type="search"
                data-testid="lookup-input"
                value={query}
                placeholder={tr('lookup_placeholder')}
                autocomplete="off"
                spellcheck={false}
                aria-describedby="lookup-hint"
                aria-controls="lookup-results"
                onInput={(e) => setQuery((e.currentTarget as HTMLInputElement).value)}
              />
              <button
                type="button"
                class="small"
                aria-label={tr('lookup_close')}
                data-testid="lookup-close"
                onClick={close}
              >
                ✕
              </button>
            </div>
            <p id="lookup-hint" class="hint">
              {tr('lookup_hint')}
            </p>
          </div>
          <p class="lookup-status" role="status" data-testid="lookup-status">
            {Results ? status : tr('loading')}
          </p>
          {Results && <Results root={root} query={query} onStatus={setStatus} />}
        </section>
      )}
    </>
  );
}
