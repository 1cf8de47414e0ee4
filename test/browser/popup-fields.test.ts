// The player's words, whatever he types: NaN, "abc", -1, 1e309 and a 10,000-character paste go into
// every field of every panel (setup and mid-game, the live board's roster review, the demo table's own
// fields), each taken as the player takes it (Enter, then leaving the field). No message shown then
// carries an identifier-like key (commandCm, houseRules.threshold, amount-invalid, a message key);
// every field's own message names the field as it is labelled and quotes what was typed; what a field
// refuses adds no line to the history; nothing non-finite is ever stored. In English, French and
// Russian. (A field of `type="number"` counts as a number field: BdC's radio contact gap was one, and
// "abc" or "1e309" wrote 0 there without a word.)
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, loadCatalogue } from '../../scripts/locales.mjs';
import { DEMOS } from '../../src/rules/demos';
import { SYSTEM_IDS, type SystemId } from '../../src/rules/ids';
import { openDemo } from './demo';
import { launchExtension, request, storedRoot, type LaunchedExtension } from './launch';

const TYPED = ['NaN', 'abc', '-1', '1e309', 'x'.repeat(10_000)];

/** Words the player must never read: the code's names for things. */
const codes = new Set(
  LANGUAGES.flatMap((l) => Object.keys(loadCatalogue(l)))
    .filter((k) => k.startsWith('error_'))
    .map((k) =>
      k
        .slice(6)
        .replace(/_(one|few|many|other)$/, '')
        .replaceAll('_', '-'),
    ),
);
const keys = new Set(LANGUAGES.flatMap((l) => Object.keys(loadCatalogue(l))));
function identifiers(message: string): string[] {
  // What was typed is quoted back on purpose: leave it out.
  const said = message.replace(/[“«]\s?[^”»]*\s?[”»]/g, '“…”');
  const found = [
    ...(said.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []),
    ...(said.match(/\b[a-z][A-Za-z]+\.[a-z][A-Za-z]+\b/g) ?? []),
    ...(said.match(/\b[a-z0-9]+(?:_[a-z0-9]+)+\b/g) ?? []).filter((w) => keys.has(w) || /_/.test(w)),
    ...(said.match(/\b[a-z]+(?:-[a-z]+)+\b/g) ?? []).filter((w) => codes.has(w)),
  ];
  return found;
}

/** One field typed into, as the page saw it: its label, and the messages then shown. */
interface Typed {
  readonly label: string;
  /** A field for numbers (inputmode numeric or decimal). */
  readonly numeric: boolean;
  readonly typed: string;
  /** The field's own message (the element its aria-describedby names while it is marked invalid). */
  readonly own: string;
  /** Every alert and status on the page. */
  readonly all: readonly string[];
  /** A line was added to the game's history meanwhile (something was stored). */
  readonly stored: boolean;
}

/**
 * Types each value into each text field inside `scope`, in the page, as the browser does for a player:
 * the value put in (cut at the field's maxlength, as typing or pasting is), an input event, Enter
 * (a keydown, then the form's implicit submission, and the change event a text field fires), then the
 * messages read once the popup and the worker have answered. An open question is answered no.
 */
const typeEverywhere = (page: Page, scope: string, values: readonly string[]) =>
  page.evaluate(
    async ({ scope, values }) => {
      // Settled: every request sent to the worker answered, and the page drawn again after it.
      const runtime = (
        globalThis as unknown as { chrome: { runtime: { sendMessage: (...a: unknown[]) => Promise<unknown> } } }
      ).chrome.runtime;
      let pending = 0;
      const send = runtime.sendMessage.bind(runtime);
      runtime.sendMessage = (...a: unknown[]) => {
        pending++;
        return Promise.resolve(send(...a)).finally(() => pending--);
      };
      const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      const settle = async () => {
        await frame();
        for (let i = 0; pending > 0 && i < 200; i++) await new Promise((r) => setTimeout(r, 5));
        await frame();
      };
      const own = (el: Element): string =>
        [...el.childNodes]
          .filter(
            (n) =>
              n.nodeType === Node.TEXT_NODE ||
              (n instanceof HTMLElement &&
                !n.matches('input, select, textarea, button, .field-error') &&
                !n.querySelector('input, select')),
          )
          .map((n) => n.textContent ?? '')
          .join(' ')
          .replace(/\s+/g, ' ')
          .trim();
      const labelOf = (input: HTMLInputElement): string => {
        const aria = input.getAttribute('aria-label');
        if (aria) return aria;
        const byFor = input.id ? document.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
        const label = byFor ?? input.closest('label');
        return (label ? own(label) : '') || input.placeholder || input.id;
      };
      const fields = () =>
        [
          ...document.querySelectorAll<HTMLInputElement>(
            `${scope} input:not([type]), ${scope} input[type="text"], ${scope} input[type="number"], ${scope} textarea`,
          ),
        ].filter((i) => i.checkVisibility() && !i.disabled && !i.readOnly && !i.closest('.lookup'));
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      // How many lines the game's history holds (-1: none shown).
      const played = () => Number(document.querySelector('[data-testid="history"]')?.getAttribute('start') ?? -1);
      const out: Typed[] = [];
      const count = fields().length;
      for (let n = 0; n < count; n++) {
        for (const typed of values) {
          const input = fields()[n];
          if (!input) break;
          const label = labelOf(input);
          const before = played();
          input.focus();
          setValue.call(input, input.maxLength > 0 ? typed.slice(0, input.maxLength) : typed);
          input.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
          const enter = new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true });
          input.dispatchEvent(enter);
          input.dispatchEvent(new Event('change', { bubbles: true }));
          if (!enter.defaultPrevented && input.form?.querySelector('button[type="submit"], button:not([type])'))
            input.form.requestSubmit();
          await settle();
          document.querySelector<HTMLButtonElement>('[data-testid="confirm-cancel"]')?.click();
          const described =
            input.isConnected && input.getAttribute('aria-invalid') === 'true'
              ? (input.getAttribute('aria-describedby') ?? '').split(' ')
              : [];
          out.push({
            label,
            // A number field, whichever way it says so (an `<input type="number">` too: it would read "abc" as empty).
            numeric: input.inputMode === 'numeric' || input.inputMode === 'decimal' || input.type === 'number',
            typed,
            own: described
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
              .trim(),
            all: [...document.querySelectorAll('[role="alert"], [role="status"], .field-error')]
              .map((e) => (e.textContent ?? '').trim())
              .filter(Boolean),
            stored: played() > before,
          });
        }
      }
      return out;
    },
    { scope, values },
  );

/** Every number the store holds is a finite one, and the store is the same once written as JSON. */
async function expectFinite(ext: LaunchedExtension, where: string) {
  const root = await storedRoot<Record<string, unknown>>(ext);
  const bad: string[] = [];
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'number' && !Number.isFinite(v)) bad.push(`${path} = ${v}`);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  walk(root, 'root');
  expect(bad, where).toEqual([]);
  expect(JSON.parse(JSON.stringify(root)), where).toEqual(root);
}

/** Before a subject the message names the field by: "Points must…", "Points : un…", "Очки: целое…". */
const subjectOf = (message: string): string => message.split(/ must | is empty| takes |\u202f: |: /)[0]!.trim();

/** Types each value into each field of `scope` on `page`, and returns what went wrong. */
async function fuzz(page: Page, scope: string, where: string, values: readonly string[] = TYPED): Promise<string[]> {
  const problems = new Set<string>();
  const typed = await typeEverywhere(page, scope, values);
  expect(typed.length, `${where}: fields typed into`).toBeGreaterThan(0);
  for (const { label, numeric, typed: value, own, all, stored } of typed) {
    const name = `${where} "${label}" ← ${value.length > 12 ? `${value.length} characters` : value}`;
    // A word is never a number: a number field says so where it was typed.
    if (numeric && value === 'abc' && !own) problems.add(`${name}: no message under the field`);
    for (const m of all) for (const id of identifiers(m)) problems.add(`${where}: "${m.slice(0, 120)}" says ${id}`);
    if (!own) continue;
    // What a field refuses, it never stores.
    if (stored) problems.add(`${name}: refused ("${own.slice(0, 80)}"), yet a line was added to the history`);
    const subject = subjectOf(own);
    if (label && !own.includes(label) && !label.includes(subject))
      problems.add(`${name}: its message "${own.slice(0, 100)}" does not name the field "${label}"`);
    if (value.length < 25 && !own.includes(value) && !/\bempty\b|vide|пуст/.test(own))
      problems.add(`${name}: its message "${own.slice(0, 100)}" does not say what was typed`);
  }
  return [...problems];
}

/** The popup for `tab`, tall enough that a field is seldom scrolled to, every disclosure open. */
async function openAll(ext: LaunchedExtension, tab?: number): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: 400, height: 1200 });
  await page.goto(`${ext.popupUrl}${tab ? `?tab=${tab}` : ''}`);
  await page.locator('.undo-bar').waitFor();
  // The live board's section loads once the board is there: its disclosures too are opened.
  if (tab) await page.getByTestId('board-details').waitFor();
  await page.evaluate(() =>
    document
      .querySelectorAll('main.popup details:not(.game-files)')
      .forEach((d) => ((d as HTMLDetailsElement).open = true)),
  );
  await page.waitForTimeout(50);
  return page;
}

describe.each(['en-US', 'fr', 'ru'])('every field of every panel in %s', (locale) => {
  let ext: LaunchedExtension;
  beforeAll(async () => {
    ext = await launchExtension({ locale });
  });
  afterAll(async () => {
    await ext?.close();
  });

  // English types everything into every field, in every phase; French and Russian, what reads
  // differently in a language (a word, a sign, a paste), into every field mid-game.
  const phases = locale === 'en-US' ? (['setup', 'playing'] as const) : (['playing'] as const);
  const values = locale === 'en-US' ? TYPED : ['abc', TYPED[4]!];
  for (const phase of phases) {
    // A system without phases shows at setup a part of what it shows mid-game: typed into once.
    const systems =
      phase === 'setup'
        ? SYSTEM_IDS.filter((id) => (DEMOS[id].events as readonly { type: string }[]).some((e) => e.type === 'start'))
        : SYSTEM_IDS;
    it.each(systems)(`%s, ${phase}: words only, nothing non-finite stored`, async (system: SystemId) => {
      const events = phase === 'playing' ? DEMOS[system].events : [];
      await request(ext, { type: 'game/replace', system, events }, { type: 'store/select-system', system });
      const page = await openAll(ext);
      // The command roll's number mid-turn: the signal's order is the field there.
      if (system === 'cr' && phase === 'playing') await page.getByTestId('cr-mode-signal').check();
      const problems = await fuzz(page, 'main.popup', `${locale} ${system} ${phase}`, values);
      expect(problems).toEqual([]);
      await expectFinite(ext, `${locale} ${system} ${phase}`);
      await page.close();
    });
  }

  it("the live board section (the roster review) and the demo table's own fields", async () => {
    // Nothing played in the scene's system (the page loads its example without asking), then a fresh
    // game of it: the roster from the board has every token to review.
    await request(ext, { type: 'game/replace', system: 'bdc', events: [] });
    const { page: board, tab } = await openDemo(ext, 'bdc');
    await request(ext, { type: 'game/replace', system: 'bdc', events: [] });
    const popup = await openAll(ext, tab);
    await popup.getByTestId('board-roster-take').click();
    await popup.getByTestId('board-roster').waitFor();
    const problems = await fuzz(popup, '[data-testid="board-roster"]', `${locale} board roster`, values);
    await board.evaluate(() =>
      document.querySelectorAll('details').forEach((d) => ((d as HTMLDetailsElement).open = true)),
    );
    // In front, as the player has it when he types there (a hidden tab draws no frames).
    await board.bringToFront();
    problems.push(...(await fuzz(board, '.demo-panel', `${locale} demo table`, values)));
    expect(problems).toEqual([]);
    await expectFinite(ext, `${locale} board`);
    await popup.close();
    await board.close();
  });
});
