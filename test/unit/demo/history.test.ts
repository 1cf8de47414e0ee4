// The demo page's history (demo/history.ts): undo and redo walk the boards, a new change drops what was undone.
import { describe, expect, it } from 'vitest';
import { History } from '../../../demo/history';

describe('the demo page history', () => {
  it('undoes changes in turn, redoes them, and a change after an undo drops the redo', () => {
    const h = new History<string>(100);
    expect(h.undo('a')).toBeUndefined();
    h.remember('a'); // a → b
    h.remember('b'); // b → c
    expect(h.undo('c')).toBe('b');
    expect(h.undo('b')).toBe('a');
    expect(h.undo('a')).toBeUndefined();
    expect(h.canRedo).toBe(true);
    expect(h.redo('a')).toBe('b');
    h.remember('b'); // b → d: c can no longer be redone
    expect(h.canRedo).toBe(false);
    expect(h.redo('d')).toBeUndefined();
    expect(h.undo('d')).toBe('b');
    expect(h.undo('b')).toBe('a');
  });

  it('keeps the newest changes up to its limit', () => {
    const h = new History<number>(3);
    for (let i = 0; i < 5; i++) h.remember(i);
    expect([h.undo(5), h.undo(4), h.undo(3), h.undo(2)]).toEqual([4, 3, 2, undefined]);
  });

  it('forgets everything when cleared', () => {
    const h = new History<number>(10);
    h.remember(1);
    h.remember(2);
    expect(h.undo(3)).toBe(2);
    h.clear();
    expect([h.canUndo, h.canRedo]).toEqual([false, false]);
  });
});
