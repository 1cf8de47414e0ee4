// The stores' pictures (scripts/store-images.ts, made by `npm run package`): an army scene with the
// popup beside it at the stores' 1280 × 800, and the 440 × 280 tile, in English and in French.
import { PNG } from 'pngjs';
import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGES, SCREENSHOT, TILE, screenshot, tile, type Language } from '../../scripts/store-images';
import { launchExtension, type LaunchedExtension } from './launch';

const opened: LaunchedExtension[] = [];
afterAll(async () => {
  for (const ext of opened) await ext.close();
});

/** Its size, and how many colours it has (a blank or a failed page has a handful). */
function measure(png: Buffer) {
  const { width, height, data } = PNG.sync.read(png);
  const colours = new Set<number>();
  for (let i = 0; i < data.length; i += 4 * 7) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
  return { width, height, colours: colours.size };
}

describe('the store pictures', () => {
  const made: Record<string, { shot: Buffer; tile: Buffer }> = {};

  it.each(Object.keys(LANGUAGES) as Language[])(
    'in %s: the army at play beside the popup at 1280 × 800, and the tile at 440 × 280',
    async (lang) => {
      const ext = await launchExtension({ locale: LANGUAGES[lang] });
      opened.push(ext);
      // The page speaks the language asked for (the picture is of it).
      const page = await ext.context.newPage();
      await page.goto(`chrome-extension://${ext.extensionId}/demo.html`);
      expect(await page.evaluate(() => document.documentElement.lang)).toMatch(new RegExp(`^${lang}\\b`));
      await page.close();
      made[lang] = { shot: await screenshot(ext, 'bdc-army'), tile: await tile(ext, lang) };
      const shot = measure(made[lang].shot);
      expect([shot.width, shot.height]).toEqual([SCREENSHOT.width, SCREENSHOT.height]);
      expect(shot.colours).toBeGreaterThan(200);
      const small = measure(made[lang].tile);
      expect([small.width, small.height]).toEqual([TILE.width, TILE.height]);
      expect(small.colours).toBeGreaterThan(50);
    },
  );

  it('says different words in each language', () => {
    expect(made.en!.shot.equals(made.fr!.shot)).toBe(false);
    expect(made.en!.tile.equals(made.fr!.tile)).toBe(false);
  });
});
