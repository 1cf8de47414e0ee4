import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARMIES } from '../../../src/rules/demos';
import { abbreviate, SHORT_NAME_FROM, shortNames } from '../../../src/board/short-names';

const length = (s: string) => [...s].length;

describe('a shortened name still says who', () => {
  it('keeps what tells figures apart, as the issue asks', () => {
    const shorts = shortNames([
      'Sergent Caron',
      'Sergent Lambert',
      'Colonel Desharbes',
      'Tirailleurs tonkinois 3',
      'Tirailleurs tonkinois 1',
      'Tirailleurs algériens 1',
      'Voltigeur 1a',
      'Voltigeur 1b',
    ]);
    expect(shorts.get('Sergent Caron')).toBe('Sgt Caron');
    expect(shorts.get('Colonel Desharbes')).toBe('Col. Desharbes');
    expect(shorts.get('Tirailleurs tonkinois 3')).toBe('Tirailleurs 3');
    // "Tirailleurs 1" could be either of two figures: the word that tells them apart stays.
    expect(shorts.get('Tirailleurs tonkinois 1')).toBe('Tir. tonk. 1');
    expect(shorts.get('Tirailleurs algériens 1')).toBe('Tir. alg. 1');
    expect(shorts.get('Voltigeur 1a')).toBe('Volt. 1a');
  });

  it('cuts words before a vowel, and drops small words with the word they go with', () => {
    expect(abbreviate('Voltigeur')).toBe('Volt.');
    expect(abbreviate('Chasseurs')).toBe('Chass.');
    expect(abbreviate('Franc-capitaine')).toBe('Franc-cap.');
    expect(abbreviate('sergent')).toBe('sgt');
    expect(abbreviate('Сержант')).toBe('Серж.');
    expect(abbreviate('24e')).toBe('24e');
    const shorts = shortNames(['Infanterie de marine 1', 'Infanterie de marine 2', 'Batterie de 80']);
    expect(shorts.get('Infanterie de marine 1')).toBe('Infanterie 1');
    expect(shorts.get('Batterie de 80')).toBe('Batterie 80');
  });

  it('never shortens a name when every short form could be another figure', () => {
    // "Sgt Caron" is another figure's own name.
    expect(shortNames(['Sergent Caron', 'Sgt Caron']).has('Sergent Caron')).toBe(false);
    expect(shortNames(['Sergent Caron', 'Sergent Lambert']).get('Sergent Caron')).toBe('Sgt Caron');
  });

  it('on every army, every figure named by a form no other figure shares', () => {
    for (const [system, army] of Object.entries(ARMIES)) {
      const names = army.tokens.map((t) => t.name);
      const shorts = shortNames(names);
      const read = names.map((n) => shorts.get(n) ?? n);
      expect(new Set(read).size, system).toBe(new Set(names).size);
      for (const s of shorts.values()) expect(s, system).not.toMatch(/…$/);
    }
  });

  const word = fc.stringMatching(/^[A-Za-zéèçСЕР]{1,12}$/);
  const marker = fc.oneof(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom('a', 'b', 'D', '1a', '2b'));
  const name = fc
    .tuple(
      fc.array(fc.oneof(word, fc.constantFrom('de', 'Sergent', 'Capitaine', 'Tirailleurs')), {
        minLength: 1,
        maxLength: 4,
      }),
      fc.option(marker),
    )
    .map(([ws, m]) => [...ws, ...(m ? [m] : [])].join(' '));

  it('for any board: shorter, kept last word, and never two names read alike', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), (names) => {
        const shorts = shortNames(names);
        const fulls = new Set(names.map((n) => n.toLocaleLowerCase()));
        const seen = new Set<string>();
        for (const [n, s] of shorts) {
          expect(length(n)).toBeGreaterThanOrEqual(SHORT_NAME_FROM);
          expect(length(s)).toBeLessThan(length(n));
          const words = n.split(' ');
          if (words.length > 1) expect(s.split(' ').at(-1)).toBe(words.at(-1));
          expect(fulls.has(s.toLocaleLowerCase())).toBe(false);
          expect(seen.has(s.toLocaleLowerCase())).toBe(false);
          seen.add(s.toLocaleLowerCase());
        }
      }),
    );
  });
});
