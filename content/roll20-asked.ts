// What the popup asks a Roll20 tab for now and then, and a tab that is never asked never loads
// (content-asked.js, web-accessible to the Roll20 editor only; loaded by ./roll20.ts the first time):
// the finder's next figure out of command, the tab's diagnostics, a post to the chat.
export { tabDiagnostics } from './roll20-content/diagnose';
export { findNext } from './roll20-content/finder';
export { postToChat } from './roll20-content/chat';
