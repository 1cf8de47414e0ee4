// The state the Roll20 content script's modules share (content/roll20-content/, wired by
// content/roll20.ts): one record, read and written by name. What only one module needs, it keeps to
// itself (the hello's probes in ./bridge.ts, the retry's timer in ./draw.ts).
import type Browser from 'webextension-polyfill';
import type { LiveModel } from '../../src/adapters/roll20/live';
import type { ContentMessage, View } from '../../src/adapters/roll20/protocol';
import type { Roll20Settings } from '../../src/adapters/roll20/settings';
import type { BoardRun } from '../../src/board/run';
import type { Text } from '../../src/i18n/text';
import type { Host } from '../host';
import type { LiveBoard } from '../live-board';
import type { Roll20Table } from '../roll20-table';

export interface Tab {
  readonly browser: Browser.Browser;
  readonly html: HTMLElement;
  /** The live table, as the page bridge's validated messages build it. */
  readonly model: LiveModel;
  readonly board: LiveBoard;
  readonly host: Host;
  /** The table's one game (./roll20-table-loader.ts: loaded once the table has one). */
  readonly table: Roll20Table;
  /** The words of the extension's language; a key, in the moment the extension is gone. */
  readonly say: (t: Text) => string;
  readonly tr: (key: string) => string;
  /** The user's board settings, as stored (followed). */
  settings: Roll20Settings;
  /** The board as last drawn (what the auras and the finder read). */
  run: BoardRun | null;
  /** Roll20's camera, as the page last said it (the diagnostics read it). */
  camera: View | null;
  /** Messages dropped: not ours as posted, or failing their checks. */
  dropped: number;
  /** Set for good once a page script stood in the hello's way (./bridge.ts): nothing more is read from the page nor sent to it. */
  interfering: boolean;
  /** A figure found last by the popup's finder (its words open, as a selected token's). */
  found: string | null;
  /** To the page bridge, on its channel (nothing before the hello, nor once the page interferes). */
  toPage(msg: ContentMessage): void;
  /** The board drawn again from the table and the settings, and reported (./draw.ts). */
  recompute(): void;
  /** The words opened on the board: the selected tokens, the one found, the one hovered (./draw.ts). */
  focusNow(): void;
  /** One message dropped more: counted on the overlay, reported. */
  countDropped(): void;
  /** The popup's port on this tab: told that the table's game changed (content/host-port.ts). */
  tellPopups(): void;
}
