// The demo table in a French browser: the page, the overlay's reasons and the popup beside it speak
// French (the browser's language, as the rest of the extension).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleView, statuses } from '../support/demo';
import { expectMarks, openDemo, openPopup, popupReason } from './demo';
import { launchExtension, type LaunchedExtension } from './launch';

let ext: LaunchedExtension;
beforeAll(async () => {
  ext = await launchExtension({ locale: 'fr' });
});
afterAll(async () => {
  await ext?.close();
});

describe('la table de démonstration en français', () => {
  it('the page, the overlay and the popup word the scene in French', async () => {
    const { page, tab, errors } = await openDemo(ext, 'bdc');
    await expectMarks(page, statuses(exampleView('bdc')));
    expect(await page.evaluate(() => [document.documentElement.lang, document.title])).toEqual([
      'fr',
      'Command Post · table de démonstration',
    ]);
    expect(await page.locator('.demo-panel h2').textContent()).toBe('Une section et la radio de son capitaine');
    expect(await page.getByTestId('demo-reset').textContent()).toBe('Revenir à l’exemple');
    expect(await page.locator('[data-testid="demo-scene"] option[value="bdc"]').textContent()).toBe(
      'Les bandes de Champagne',
    );
    expect(await page.locator('#command-post-overlay .label[data-token="C"]').textContent()).toBe(
      'hors · 2 cm trop loin de Fusilier A',
    );
    expect(await page.locator('.board .token[data-token="L"]').getAttribute('aria-label')).toBe(
      'Lieutenant, Section, Unité 1, chef, radio',
    );
    const popup = await openPopup(ext, tab);
    expect(await popup.locator('#board-title').textContent()).toBe('Table de démonstration');
    // The live line as French punctuates it: a (non-breaking) space before the colon.
    expect(await popup.getByTestId('board-summary').textContent()).toMatch(/^Table de démonstration\u202f: \S/);
    await expect.poll(() => popupReason(popup, 'C')).toBe('(hors · 2 cm trop loin de Fusilier A)');
    expect(errors).toEqual([]);
    await popup.close();
    await page.close();
  });

  it('the popup offers the demo table in French when the tab shows no tabletop', async () => {
    const popup = await ext.context.newPage();
    await popup.goto(ext.popupUrl);
    expect(await popup.getByTestId('open-demo').textContent()).toBe('Essayer sur la table de démonstration');
    await popup.close();
  });
});
