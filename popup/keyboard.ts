/*
 * The popup's history keys: Ctrl+Z undoes, Ctrl+Y or Ctrl+Shift+Z redoes (⌘Z, ⌘⇧Z or ⌘Y on macOS).
 * In a text field they stay the field's own undo and redo.
 */

const TEXT_INPUTS = new Set(['', 'text', 'search', 'number', 'email', 'url', 'tel', 'password']);

/** A field where Ctrl+Z means "undo my typing": text inputs, text areas, editable content. */
export function isTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return true;
  return (
    target.tagName === 'INPUT' &&
    TEXT_INPUTS.has(((target as HTMLInputElement).getAttribute('type') ?? '').toLowerCase())
  );
}

/** The macOS keyboard puts these shortcuts on ⌘, everyone else on Ctrl. */
export const isMac = (platform: string = navigator.platform): boolean => /^Mac|iPhone|iPad/.test(platform);

/** What a key press asks of the game's history, if anything. */
export function historyShortcut(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'target'>,
  mac = isMac(),
): 'undo' | 'redo' | null {
  const command = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!command || e.altKey || isTextField(e.target)) return null;
  const key = e.key.toLowerCase();
  if (key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !e.shiftKey) return 'redo';
  return null;
}
