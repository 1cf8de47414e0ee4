/**
 * Saves a JSON file through the page itself (a Blob and an `<a download>`): no `downloads`
 * permission. The text is JSON, never markup; compact, and made of parts (a long game's pages) that
 * are never joined into one string here.
 */
export function downloadParts(filename: string, parts: readonly string[]): void {
  const url = URL.createObjectURL(new Blob(parts as string[], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is let go after it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves `value` as a compact JSON file. */
export const downloadJson = (filename: string, value: unknown): void =>
  downloadParts(filename, [JSON.stringify(value)]);

/** "command-post-hd-command-2026-11-30T17-35.json": what it is, and when, sortable, safe on every disk. */
export const exportName = (what: string, at: Date): string =>
  `command-post-${what}-${at.toISOString().slice(0, 16).replace(/:/g, '-')}.json`;
