import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { DraftContext, type DraftValue } from './drafts';

const same = (a: DraftValue, b: DraftValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether a value read back has the shape of the field's own (a list for a list, a string for a string). */
function fits(initial: DraftValue, value: DraftValue): boolean {
  if (Array.isArray(initial)) return Array.isArray(value);
  if (typeof initial === 'object') return typeof value === 'object' && !Array.isArray(value);
  return typeof value === typeof initial;
}

/**
 * `useState` for a choice in progress, kept across the popup's closing for this tab and system under
 * `name`. `scope` is the game position the choice belongs to (a holding of the initiative, a slot):
 * a draft made for another is not taken up. Setting the field back to `initial` forgets it, as does
 * sending the action (which sets it back).
 */
export function useDraft(name: string, initial: string, scope?: string | number): [string, (next: string) => void];
export function useDraft(name: string, initial: boolean, scope?: string | number): [boolean, (next: boolean) => void];
export function useDraft(name: string, initial: number, scope?: string | number): [number, (next: number) => void];
export function useDraft<T extends DraftValue>(
  name: string,
  initial: T,
  scope?: string | number,
): [T, (next: T) => void];
export function useDraft<T extends DraftValue>(
  name: string,
  initial: T,
  scope?: string | number,
): [T, (next: T) => void] {
  const { store, system } = useContext(DraftContext);
  const [value, setValue] = useState<T>(() => {
    const kept = store.get(system, name);
    return kept && kept.scope === scope && fits(initial, kept.value) ? (kept.value as T) : initial;
  });
  const first = useRef(true);
  // Another position of the game: the field starts again from its initial value.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setValue(initial);
  }, [scope]);
  const set = (next: T) => {
    setValue(next);
    store.set(
      system,
      name,
      same(next, initial) ? undefined : scope === undefined ? { value: next } : { value: next, scope },
    );
  };
  return [value, set];
}
