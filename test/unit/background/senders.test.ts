// Who may report a live board to the worker: the Roll20 editor's content script, or the extension's
// own demo table page in a tab of its own. Everything else is dropped.
import { describe, expect, it } from 'vitest';
import { fromOwnPage, tabletopSender, type Sender } from '../../../background/senders';

const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/' };
const demo: Sender = { id: self.id, url: `${self.origin}demo.html?scene=bdc`, frameId: 0, tab: { id: 7 } };
const roll20: Sender = { id: self.id, url: 'https://app.roll20.net/editor/', frameId: 0, tab: { id: 9 } };

describe('tabletopSender', () => {
  it.each([
    ['the demo page', demo, { tab: 7, tabletop: 'demo' }],
    ['the demo page without a query', { ...demo, url: `${self.origin}demo.html` }, { tab: 7, tabletop: 'demo' }],
    ['the demo page with a hash', { ...demo, url: `${self.origin}demo.html#x` }, { tab: 7, tabletop: 'demo' }],
    ['the Roll20 editor', roll20, { tab: 9, tabletop: 'roll20' }],
  ])('accepts %s', (_, sender, expected) => {
    expect(tabletopSender(sender, self)).toEqual(expected);
  });

  it.each([
    ['the popup (an extension page without a tab)', { id: self.id, url: `${self.origin}popup.html` }],
    ['the popup opened in a tab', { ...demo, url: `${self.origin}popup.html?tab=7` }],
    ['the demo page without a tab', { ...demo, tab: undefined }],
    ['the demo page in a frame', { ...demo, frameId: 3 }],
    ['a tab id of none', { ...demo, tab: { id: -1 } }],
    ['a page named like the demo further down', { ...demo, url: `${self.origin}demo.html.evil.html` }],
    ['a page in a folder named like it', { ...demo, url: `${self.origin}x/demo.html` }],
    ["another extension's demo page", { ...demo, id: 'other', url: 'chrome-extension://other/demo.html' }],
    ['our id from another origin', { ...demo, url: 'https://evil.example/demo.html' }],
    ['a Roll20 page that is not the editor', { ...roll20, url: 'https://app.roll20.net/editor/character/abc' }],
    ['a look-alike host', { ...roll20, url: 'https://app.roll20.net.evil.example/editor/' }],
    ['no url', { ...demo, url: undefined }],
  ] as [string, Sender][])('refuses %s', (_, sender) => {
    expect(tabletopSender(sender, self)).toBeNull();
  });
});

describe('fromOwnPage', () => {
  it('is any page of the extension, in a tab or not, and nothing else', () => {
    expect(fromOwnPage(demo, self)).toBe(true);
    expect(fromOwnPage({ id: self.id, url: `${self.origin}popup.html` }, self)).toBe(true);
    expect(fromOwnPage(roll20, self)).toBe(false);
    expect(fromOwnPage({ ...demo, id: 'other' }, self)).toBe(false);
  });
});
