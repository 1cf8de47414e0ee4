// The toolbar shortcut: the manifest's `_execute_action` command opens the popup from the keyboard.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../manifest.json'), 'utf8')) as {
  commands?: Record<string, { suggested_key?: Record<string, string>; description?: string }>;
};

/**
 * Shortcuts Chrome or Firefox already give a meaning (the browsers' own keyboard shortcut lists): a
 * suggested key among them would be ignored or steal the browser's. Option+Shift+letter on a Mac types
 * a character (Option+Shift+C is "Ç"), so the Mac key is on Control.
 */
const TAKEN = [
  'Alt+Shift+A',
  'Alt+Shift+B',
  'Alt+Shift+I',
  'Alt+Shift+T',
  'Alt+Shift+D',
  'Ctrl+Shift+C',
  'Ctrl+Shift+I',
  'Ctrl+Shift+J',
  'Ctrl+Shift+B',
  'Ctrl+Shift+T',
  'Ctrl+Shift+N',
  'Ctrl+Shift+P',
  'Ctrl+Shift+Delete',
  'Command+Shift+C',
  'Alt+Shift+C@mac',
];

describe('the shortcut that opens the popup', () => {
  const command = manifest.commands?._execute_action;
  it('is the action itself, with a suggested key on every platform', () => {
    expect(command?.suggested_key).toEqual({ default: 'Alt+Shift+C', mac: 'MacCtrl+Shift+C' });
  });
  it('takes no key a browser already uses', () => {
    const keys = Object.entries(command!.suggested_key!).map(([platform, key]) =>
      platform === 'mac' ? `${key}@mac` : key,
    );
    for (const key of keys) expect(TAKEN).not.toContain(key);
  });
  it('is described in every language (Firefox shows it in its shortcut settings)', () => {
    const key = /^__MSG_(\w+)__$/.exec(command!.description!)![1]!;
    for (const lang of ['en', 'fr', 'ru'])
      expect((loadCatalogue(lang) as Record<string, { message: string }>)[key]?.message).toMatch(/Command Post/);
  });
});
