// axe-core in the popup page, for the browser tests. The popup's CSP (script-src 'self') blocks an
// injected <script> (page.addScriptTag), and rightly: the extension's CSP is not weakened for tests.
// Playwright's evaluate runs through the DevTools protocol, which CSP does not govern.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeProblem {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: string[];
}

const ALSO_REFUSED = new Set(['heading-order', 'empty-table-header']);

/** Serious and critical violations on the page as it stands (every WCAG A/AA rule and axe's best practices). */
export async function axeProblems(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  // Heading order and empty table headers are "moderate" and "minor" to axe, but issue 14 found them
  // in the popup: they are held to the same bar.
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_REFUSED.has(v.id));
}
