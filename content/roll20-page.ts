// Runs in the Roll20 editor's own world (injected by content/roll20.ts as a web-accessible
// `<script src>`, roll20.md §3.1), where `window.Campaign` lives. It reads the active page's
// tokens and settings, follows model change/add/remove/reset events, the page's own settings, a
// replaced graphics collection and page switches, coalesces them to at most one message per
// animation frame, and posts plain JSON to the content script. It never posts before the content
// script's `hello`, never to another origin, and never watches Roll20's stores deeply (no Pinia
// $subscribe: roll20.md §2.2). Everything read from Roll20 may be missing or odd: each access is
// guarded, and without a renderer it still sends the data (data-only mode). No extension API and
// no polyfill here.
//
// What runs at each camera read (every frame while anything moves, else 4 times a second): the
// renderer looked for (it mounts after the data, and may go and come back: a page switch, a lost
// WebGL context) and its camera read, and one property read (is the page's graphics collection
// still the one we follow?). Page switches are followed through Roll20's own events (Legacy
// `d20:pagechanged`, the Campaign's player page), after each click or key on the page, and by a
// slow poll (once a second) for robustness.
//
// The bridge lives in roll20-page/, one module a concern (main.ts wires them); this is its build entry.
import { main } from './roll20-page/main';

main();
