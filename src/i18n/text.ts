/**
 * A piece of user-facing text as the core describes it: a message key of `_locales/<lang>/messages.json`
 * and its substitutions, in the order of the message's `$1`…`$9`. The core never builds sentences:
 * each context formats Text with its own catalogue (the browser's i18n in the extension, the English
 * catalogue in the command-line tools).
 */
export interface Text {
  readonly key: string;
  readonly subs?: readonly (string | number)[];
}

export const text = (key: string, ...subs: (string | number)[]): Text => (subs.length ? { key, subs } : { key });
