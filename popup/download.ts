/**
 * Saves `value` as a JSON file through the page itself (a Blob and an `<a download>`): no `downloads`
 * permission. The text is JSON, never markup.
 */
export function downloadJson(filename: string, value: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
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

/** "command-post-hd-command-2026-11-30T17-35.json": what it is, and when, sortable, safe on every disk. */
export const exportName = (what: string, at: Date): string => `command-post-${what}-${at.toISOString().slice(0, 16).replace(/:/g, '-')}.json`;
