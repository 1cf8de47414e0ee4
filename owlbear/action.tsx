// The action popover (the toolbar button Owlbear shows for Command Post): the browser extension's own
// popup (popup/App.tsx, every rule system's panel) on the scene's shared game, with the table's part
// above it. It follows Owlbear's light or dark theme and tells Owlbear its height.
import OBR, { type Theme } from '@owlbear-rodeo/sdk';
import { render } from 'preact';
import { App } from '../popup/App';
import type { PopupApi } from '../popup/api';
import { readSettings } from '../src/adapters/roll20/settings';
import { fairRoller } from '../src/dice';
import { text } from '../src/i18n/text';
import { answerOfRoot, changeOfRoot } from '../src/store/whole';
import { loadStrings } from './i18n';
import { SceneSession } from './session';
import { TablePanel } from './Table';

const strings = await loadStrings();
document.documentElement.lang = strings.lang;
document.title = strings.t(text('extName'));
const mount = document.getElementById('app')!;

/** Owlbear's theme as the popup's colours (popup.css reads them as variables). */
function applyTheme(theme: Theme): void {
  const s = document.documentElement.style;
  s.colorScheme = theme.mode === 'DARK' ? 'dark' : 'light';
  s.setProperty('--bg', theme.background.paper);
  s.setProperty('--card', theme.background.default);
  s.setProperty('--fg', theme.text.primary);
  s.setProperty('--muted', theme.text.secondary);
  s.setProperty('--accent', theme.primary.main);
  s.setProperty('--accent-fg', theme.primary.contrastText);
  s.setProperty('--line', theme.mode === 'DARK' ? 'rgba(255,255,255,0.16)' : 'rgba(0,0,0,0.16)');
  document.documentElement.dataset.theme = theme.mode.toLowerCase();
}

if (!OBR.isAvailable) {
  const p = document.createElement('p');
  p.textContent = strings.t(text('owlbear_outside'));
  mount.replaceChildren(p);
} else {
  const session = await SceneSession.start('action', strings);
  void OBR.theme.getTheme().then(applyTheme);
  OBR.theme.onChange(applyTheme);
  const settings = readSettings(undefined);
  const api: PopupApi = {
    // The scene's game is small: its answers carry its root whole, held by the popup as a change.
    send: async (request) => answerOfRoot(await session.send(request)),
    subscribe(on, known) {
      return session.onChange(() => {
        const root = session.root;
        if (root && root.revision > known()) on({ change: changeOfRoot(root) });
      });
    },
    t: strings.t,
    dice: fairRoller(() => crypto.getRandomValues(new Uint32Array(1))[0]!),
    live: {
      subscribe(on) {
        const show = () => on(session.summary, settings);
        show();
        return session.onChange(show);
      },
      send: async (request) =>
        request.type === 'table/settings'
          ? { ok: false, error: { code: 'owlbear-not-in-scene', params: { type: request.type } } }
          : { ok: true },
      // Roll20's own: nothing to post, no auras, no Roll20 diagnostics on an Owlbear scene.
      chat: async () => false,
      auras: async () => false,
      diagnostics: async () => null,
      // Drawn by the background page, which paints this player's board.
      tick: (system, ticks) => session.tickOnBoard(system, ticks),
    },
  };
  render(
    <>
      <TablePanel session={session} />
      <App api={api} />
    </>,
    mount,
  );
  // Owlbear sizes the popover: tell it the page's height as it changes (within what a screen holds).
  let height = 0;
  new ResizeObserver(() => {
    const h = Math.min(800, Math.max(240, Math.ceil(document.documentElement.scrollHeight)));
    if (h === height) return;
    height = h;
    void OBR.action.setHeight(h).catch(() => undefined);
  }).observe(document.body);
  // An action still on its way turns into a failed one with time alone: shown as it does.
  setInterval(() => session.emitIfUnsentChanged(), 1000);
  Object.assign(globalThis, { commandPostSession: session });
}
document.documentElement.setAttribute('data-ready', '');
