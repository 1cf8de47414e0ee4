import { browser } from './browser';
import { render } from 'preact';
import { activeTabId, browserApi } from './api';
import { App } from './App';
import { LOCALE_KEY } from '../src/i18n/text';
import { sessionDrafts } from './drafts';

// The popup speaks the language of the catalogue the browser chose: set it on the document for screen
// readers and hyphenation (the UI language may be one the extension has no catalogue for).
document.documentElement.lang = browser.i18n.getMessage(LOCALE_KEY) || browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');
const api = browserApi();
// The popup's own way to the worker (ids, retries), reachable from this page's console for diagnosis
// and from the browser tests that stop the worker under it.
Object.assign(globalThis, { commandPostSend: api.send });
// Choices in progress, kept for this tab while the popup is closed (storage.session; the popup is their writer).
const drafts = sessionDrafts(browser.storage.session, activeTabId());
render(<App api={api} drafts={drafts} />, document.getElementById('app')!);
