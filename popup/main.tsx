import browser from 'webextension-polyfill';
import { render } from 'preact';
import { browserApi } from './api';
import { App } from './App';

// The popup speaks the browser's language: set it on the document for screen readers and hyphenation.
document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');
const api = browserApi();
// The popup's own way to the worker (ids, retries), reachable from this page's console for diagnosis
// and from the browser tests that stop the worker under it.
Object.assign(globalThis, { commandPostSend: api.send });
render(<App api={api} />, document.getElementById('app')!);
