// The demo table page (demo.html): a tabletop shipped inside the extension. No account, no network,
// no host permission; an extension page that reads and reports like any tabletop's script.
import type Browser from 'webextension-polyfill';
import { render } from 'preact';
import { sideText, type DemoBoardToken } from '../src/adapters/demo/model';
import { unitLabels } from '../src/board/names';
import { LOCALE_KEY, sayer, text } from '../src/i18n/text';
import { App, type Tr } from './App';
import { BoardView } from './board-view';
import { DemoTable } from './table';

/** The native API: Chrome MV3 and Firefox both return promises (the polyfill would be dead weight here). */
const ext =
  (globalThis as { browser?: Browser.Browser }).browser ??
  (globalThis as unknown as { chrome: Browser.Browser }).chrome;

// Numbers in the language's own decimal mark, French elision before what is put in.
// A counted text in its language's plural form.
const say = sayer((key, subs) => ext.i18n.getMessage(key, subs), ext.i18n.getMessage(LOCALE_KEY) || 'en');
const tr: Tr = (key, ...subs) => say(text(key, ...subs));
document.documentElement.lang = ext.i18n.getUILanguage();
document.title = tr('demo_title');

let table: DemoTable | null = null;
const sideColour = (t: DemoBoardToken): string =>
  table?.current.board?.sides.find((s) => s.id === t.side)?.colour ?? '#808080';
const view = new BoardView(
  document.createElement('div'),
  {
    drag: (id, x, y) => table?.edits.drag(id, x, y),
    drop: (id, x, y) => table?.edits.drop(id, x, y),
    undrag: (id) => table?.edits.undrag(id),
    step: (id, step) => table?.edits.step(id, step),
    turn: (id, degrees) => table?.edits.turn(id, degrees),
    select: (id) => table?.select(id),
    // A phone's panel stands below the board, past the fold: the figure's words are brought into view
    // once the panel has them (after the page's next render), as little scrolled as will show them.
    tapped: () =>
      requestAnimationFrame(() =>
        (
          document.querySelector('[data-testid="demo-selected-said"]') ??
          document.querySelector('[data-testid="demo-selected"]')
        )?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      ),
    hover: (id) => table?.hover(id),
    camera: () => table?.camera(),
    refit: () => table?.fit(),
  },
  (t) => ({
    colour: sideColour(t),
    describe: (x) => {
      const board = table?.current.board;
      const side = board?.sides.find((s) => s.id === x.side);
      const words = [
        x.name,
        side ? sideText(side.label, tr) : null,
        x.unit !== null && table ? `${tr('demo_unit')} ${unitLabels(table.unitNames(), tr)(x.unit)}` : null,
        x.role === 'leader' ? tr('demo_marker_leader') : null,
        x.radio ? tr('demo_marker_radio') : null,
        x.dead ? tr('demo_marker_dead') : null,
      ];
      return words.filter((w): w is string => w !== null && w !== '').join(', ');
    },
  }),
  tr('demo_board'),
  tr('demo_help'),
);
table = new DemoTable(ext, say, view.root);
table.attach(view);

/** This tab's id, for the popup opened beside the board (`popup.html?tab=`): it reads this tab's board. */
const tabId = ext.tabs.getCurrent().then((tab) => {
  if (tab?.id !== undefined) document.documentElement.dataset.tab = String(tab.id);
  return tab?.id;
});

async function openPopup(): Promise<void> {
  const id = await tabId;
  const url = ext.runtime.getURL(`popup.html${id === undefined ? '' : `?tab=${id}`}`);
  // A small window beside the board; a tab where windows cannot be opened (Firefox for Android).
  try {
    await ext.windows.create({ url, type: 'popup', width: 440, height: 760 });
  } catch {
    await ext.tabs.create({ url });
  }
}

render(<App table={table} view={view} tr={tr} openPopup={() => void openPopup()} />, document.getElementById('app')!);
void table
  .start(new URLSearchParams(location.search).get('scene'))
  .then(() => document.documentElement.setAttribute('data-ready', ''));
