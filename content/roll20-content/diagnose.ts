// The tab's diagnostics for the popup's *Copy diagnostics* (loaded the first time they are asked for:
// ../roll20-asked.ts): what the live model, the renderer and the overlay say, redacted
// (src/adapters/roll20/diagnostics.ts).
import { diagnosticsOf } from '../../src/adapters/roll20/diagnostics';
import type { RendererFields } from '../../src/adapters/roll20/protocol';
import { BROWSER } from '../../src/platform';
import type { Tab } from './tab';

export function tabDiagnostics(tab: Tab, renderer: RendererFields | null): unknown {
  const { board } = tab;
  const rect = board.overlay.root.getBoundingClientRect();
  return diagnosticsOf({
    model: tab.model,
    renderer,
    camera: tab.camera,
    overlay: {
      visible: board.overlay.root.style.display !== 'none',
      left: rect.left,
      top: rect.top,
      width: rect.width,
      height: rect.height,
    },
    browser: BROWSER,
    version: tab.browser.runtime.getManifest().version,
    tableCheck: tab.table.summary()?.check ?? null,
  });
}
