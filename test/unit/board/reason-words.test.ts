import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../scripts/locales.mjs';
import { formatText, type Catalogue } from '../../../src/i18n/format';
import { reasonText, sayReason } from '../../../src/i18n/reasons';

const say = (lang: string) => {
  const cat = loadCatalogue(lang) as Catalogue;
  return (t: Parameters<typeof formatText>[1]) => formatText(cat, t);
};

describe('reasonText', () => {
  it('words a distance as a player measures it: a tenth of the unit, whatever the engine measured', () => {
    expect(reasonText({ code: 'out-of-range', params: { by: 14.615493, unit: 'cm', nearest: 'A' } })).toEqual({
      key: 'board_reason_out_of_range',
      subs: [14.6, 'cm', 'A'],
    });
    expect(reasonText({ code: 'out-of-range', params: { by: 2, unit: 'cm', nearest: '3.14159' } }).subs).toEqual([
      2,
      'cm',
      '3.14159',
    ]);
    expect(reasonText({ code: 'out-of-range', params: { by: 12.6, unit: 'mm', nearest: 'A' } }).subs).toEqual([
      13,
      'mm',
      'A',
    ]);
  });
});

describe('sayReason', () => {
  const far = { code: 'cr-too-far', params: { distance: 1.5, unit: 'in', leader: 'Murat', max: 1 } };
  it('writes numbers and units as the language does', () => {
    expect(sayReason(far, say('en'), 'en')).toBe('1.5 in from Murat’s unit; at most 1 in');
    expect(sayReason(far, say('fr'), 'fr')).toBe('à 1,5 po de l’unité de Murat\u202f; au plus 1 po');
    expect(sayReason({ code: 'out-of-range', params: { by: 2, unit: 'cm', nearest: 'A' } }, say('ru'), 'ru')).toContain(
      '2 см',
    );
  });

  it('words a count in its plural form: "at most 1 hex", "at most 2 hexes"', () => {
    const noPath = (radius: number) => ({ code: 'dc-path-no-detour', params: { radius, leader: 'Desharbes' } });
    expect(sayReason(noPath(1), say('en'), 'en')).toBe('no path of at most 1 hex around enemy units from Desharbes');
    expect(sayReason(noPath(2), say('en'), 'en')).toBe('no path of at most 2 hexes around enemy units from Desharbes');
    expect(formatText(loadCatalogue('en') as Catalogue, reasonText(noPath(1)))).toBe(
      'no path of at most 1 hex around enemy units from Desharbes',
    );
    expect(sayReason(noPath(3), say('ru'), 'ru')).toBe('нет пути не длиннее 3 гекс. в обход врагов от Desharbes');
  });

  it('names a morale state in the language, never a param value that only looks like one', () => {
    expect(
      sayReason(
        { code: 'leader-cannot-command', params: { leader: 'Lieutenant', state: 'demoralised' } },
        say('fr'),
        'fr',
      ),
    ).toBe('Lieutenant ne peut pas commander (démoralisé)');
    // A leader named "cm" is a name.
    expect(sayReason({ code: 'cr-leader-disordered', params: { leader: 'cm' } }, say('en'), 'en')).toBe(
      'cm is disordered: no orders',
    );
  });

  it("has a short form for a crowded board, and a unit form without what is each figure's own", () => {
    const out = { code: 'out-of-range', params: { by: 18.82, unit: 'cm', nearest: 'Fusilier A' } };
    expect(sayReason(out, say('en'), 'en', 'short')).toBe('✕ 18.8 cm');
    expect(sayReason(out, say('en'), 'en', 'unit')).toBe('out of command range');
    // A reason without a short form keeps its long one.
    expect(sayReason({ code: 'no-unit' }, say('en'), 'en', 'short')).toBe('in no unit');
  });
});
