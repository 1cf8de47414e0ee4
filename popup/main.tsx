import browser from 'webextension-polyfill';
import { render } from 'preact';
import { browserApi } from './api';
import { App } from './App';

// The popup speaks the browser's language: set it on the document for screen readers and hyphenation.
document.documentElement.lang = browser.i18n.getUILanguage();
document.title = browser.i18n.getMessage('extName');
render(<App api={browserApi()} />, document.getElementById('app')!);
