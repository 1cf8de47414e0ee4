// chatText(): every Roll20 chat construct we know of, typed into a token name, reaches the chat as
// plain words. `interprets()` is an independent reading of what Roll20's chat would act on.
import { describe, expect, it } from 'vitest';
import { chatText } from '../../../src/adapters/roll20/protocol';

/** What Roll20 would act on in a chat message, by construct (empty: plain text). */
function interprets(message: string): string[] {
  const found: string[] = [];
  // Roll20 may trim before it looks at the first character; JavaScript's trim() removes NBSP too.
  const start = message.trim();
  if (/^\//.test(start)) found.push('command');
  if (/^!/.test(start)) found.push('api');
  if (/\[\[/.test(message)) found.push('inline roll');
  if (/\$\[\[/.test(message)) found.push('roll reference');
  if (/&\{/.test(message)) found.push('template');
  if (/@\{/.test(message)) found.push('attribute');
  if (/%\{/.test(message)) found.push('ability');
  if (/\?\{/.test(message)) found.push('roll query');
  if (/#[^\s#]/.test(message)) found.push('macro');
  if (/\]\(/.test(message)) found.push('markdown link');
  if (/[<>]/.test(message)) found.push('html');
  if (/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(message)) found.push('entity');
  if (/[\r\n\u2028\u2029\u0085\v\f]/.test(message)) found.push('line break');
  return found;
}

const CONSTRUCTS: [string, string][] = [
  ['command /w', '/w gm secret'],
  ['command /em', '/em dances'],
  ['command /roll', '/roll 1d20+5'],
  ['command /r', '/r 8d6'],
  ['command /gmroll', '/gmroll 1d100'],
  ['command /desc', '/desc The sky darkens'],
  ['command /as', '/as "Someone" hello'],
  ['command /emas', '/emas "Someone" waves'],
  ['command /ooc', '/ooc brb'],
  ['command /talktomyself', '/talktomyself on'],
  ['command /fx', '/fx explode-fire @{selected|token_id}'],
  ['command /direct', '/direct <b>x</b>'],
  ['API command', '!token-mod --set bar1_value|0'],
  ['inline roll', 'Hit [[1d20+7]]'],
  ['nested inline roll', '[[ [[1d4]]d6 ]]'],
  ['a run of three brackets (split pair by pair, not in twos)', '[[[1d6]]]'],
  ['an odd run of brackets', '[[[[[2d6]]]]]'],
  ['roll reference', '$[[0]] damage'],
  ['roll template', '&{template:default} {{name=x}} {{Roll=[[1d6]]}}'],
  ['attribute', '@{Sergeant|hp}'],
  ['selected attribute', '@{selected|token_name}'],
  ['target attribute', '@{target|Foe|token_id}'],
  ['ability', '%{Sergeant|Attack}'],
  ['macro', '#Fireball'],
  ['roll query', '?{Modifier|0}'],
  ['roll query with options', '?{Spend?|Yes,[[1d6]]|No,0}'],
  ['markdown link', '[Click me](javascript:alert(1))'],
  ['markdown API button', '[Kill](!token-mod --set statusmarkers|dead)'],
  ['markdown image', '[x](https://example.com/a.png#.png)'],
  ['HTML', '<img src=x onerror=alert(1)>'],
  ['HTML entity for @', '&#64;{selected|hp}'],
  ['HTML named entity', '&lbrack;&lbrack;1d6&rbrack;&rbrack;'],
  ['line break', 'Captain\n/w gm hi'],
  ['CR line break', 'Captain\r\n!api'],
  ['unicode line separator', 'Captain\u2028/roll 1d6'],
  ['tab and form feed', 'a\tb\fc\vd'],
];

describe('chatText: Roll20 chat constructs from token names', () => {
  it('the detector itself sees each construct in its raw form (else the test below would prove nothing)', () => {
    for (const [what, raw] of CONSTRUCTS) expect(interprets(raw), what).not.toEqual([]);
  });

  it.each(CONSTRUCTS)('%s: nothing left that Roll20 would act on, at the start or after the title', (_what, raw) => {
    expect(interprets(chatText(raw))).toEqual([]);
    expect(interprets(chatText(`Command Post — Battlefield: ${raw} 2/3 in command (out: ${raw})`))).toEqual([]);
  });

  it('keeps the words readable', () => {
    expect(chatText('Captain 2/3 in command (out: Rifleman 3)')).toBe('Captain 2/3 in command (out: Rifleman 3)');
    expect(chatText('[Click me](javascript:alert(1))')).toBe('[Click me] (javascript:alert(1))');
    expect(chatText('?{Modifier|0}')).toBe('? {Modifier|0}');
    expect(chatText('/w gm secret')).toBe('\u2215w gm secret');
    expect(chatText('Tom & Jerry; R&D')).toBe('Tom & Jerry; R&D');
  });

  it('a leading no-break space or line break does not hide a command', () => {
    expect(interprets(chatText('\u00a0/w gm x'))).toEqual([]);
    expect(interprets(chatText('\n!api'))).toEqual([]);
  });

  it('never grows past 2,000 characters, whatever it had to split', () => {
    expect(chatText('[['.repeat(1500)).length).toBeLessThanOrEqual(2000);
    expect(chatText('/' + 'a'.repeat(3000)).length).toBeLessThanOrEqual(2000);
  });
});
