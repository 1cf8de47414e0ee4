// French and Russian as a native writes them (issue 39, item 10): every message of both catalogues
// walked for the faults a reader of either language sees at once.
// French: a narrow no-break space (U+202F) before : ; ! ? and inside « », never an ordinary space or
// U+00A0 there; the typographic apostrophe ’, never a straight '; inches written one way, "po".
// Russian: no capital after a colon where a running phrase goes on (a capital that a substitution
// brings is caught where the popup builds it: bdc_summary_morale takes the lower-case board word).
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../scripts/locales.mjs';
import { formatText, type Catalogue } from '../../src/i18n/format';
import { text } from '../../src/i18n/text';

const catalogues = { fr: loadCatalogue('fr') as Catalogue, ru: loadCatalogue('ru') as Catalogue };
const NNBSP = '\u202f';

/** What in a French message breaks French typography; none of it may stand. */
export function frenchFaults(message: string): string[] {
  const out: string[] = [];
  const m = message.replace(/https?:\/\/\S+/g, 'URL');
  if (/[ \u00a0][:;!?]/.test(m)) out.push('an ordinary or no-break space before : ; ! ?');
  if (/[^\s\u202f\/\d:(][;!?]|[^\s\u202f\/\d(]:(?=\s|$)/u.test(m)) out.push('no narrow no-break space before : ; ! ?');
  if (/«(?!\u202f)|(?<!\u202f)»/.test(m)) out.push('« » without a narrow no-break space inside');
  if (m.includes("'")) out.push('a straight apostrophe');
  // A length after a number is written "1 po"; the word itself ("rayon en pouces") may stand in full.
  if (/(\d|\$)\s*["″]|\d\s*in\b|\(cm, in\b/.test(m)) out.push('inches not written "po"');
  return out;
}

describe('French typography, every message', () => {
  it('each kind of fault is caught', () => {
    expect(frenchFaults('Moral : normal')).toEqual(['an ordinary or no-break space before : ; ! ?']);
    expect(frenchFaults('Moral\u00a0: normal')).toEqual(['an ordinary or no-break space before : ; ! ?']);
    expect(frenchFaults('Vraiment?')).toEqual(['no narrow no-break space before : ; ! ?']);
    expect(frenchFaults('« $KEY$ »')).toEqual(['« » without a narrow no-break space inside']);
    expect(frenchFaults("Table d'expérience")).toEqual(['a straight apostrophe']);
    expect(frenchFaults('contrôle de 1" et 1,5″')).toEqual(['inches not written "po"']);
    expect(frenchFaults(`Moral${NNBSP}: «${NNBSP}normal${NNBSP}», l’unité à 1 po`)).toEqual([]);
  });

  it('no French message has any of them', () => {
    const found = Object.entries(catalogues.fr).flatMap(([k, e]) => frenchFaults(e.message).map((f) => `${k}: ${f} in “${e.message.slice(0, 100)}”`));
    expect(found).toEqual([]);
  });
});

describe('French words, one for one thing', () => {
  const fr = (key: string, ...subs: string[]) => formatText(catalogues.fr, text(key, ...subs));
  it('a rank before a name takes its article: "du colonel Desharbes"', () => {
    expect(fr('board_reason_dc_out_of_range', '6', 'Colonel Desharbes', '3')).toContain('du colonel Desharbes');
    expect(fr('board_reason_dc_out_of_range', '6', 'Desharbes', '3')).toContain('de Desharbes');
  });
  it('an empty field is said without agreeing with its label ("Points est vide" was wrong)', () => {
    expect(fr('field_empty_number', 'Points', '0', '9')).toBe(`Points${NNBSP}: champ vide${NNBSP}; tapez un nombre entier de 0 à 9.`);
  });
  it('a disordered leader is "désorganisé" on the board as in the popup, never "en désordre"', () => {
    expect(Object.values(catalogues.fr).filter((e) => e.message.includes('désordre'))).toEqual([]);
  });
});

describe('Russian words, one for one thing', () => {
  const ru = Object.entries(catalogues.ru);
  it('one spelling for the colonel: Дешарб', () => {
    expect(ru.filter(([, e]) => e.message.includes('Дезарб')).map(([k]) => k)).toEqual([]);
  });
  it('an order on someone’s word is "на ваше слово", "на слово игроков"', () => {
    expect(ru.filter(([, e]) => /под (ваше|слово)/.test(e.message)).map(([k]) => k)).toEqual([]);
  });
  it('a command-roll slot is a "число" on the demo as in the popup, never a "номер"', () => {
    expect(ru.filter(([k, e]) => /^(cr_|lk_cr_|demo_try_cr|demo_)/.test(k) && /[Нн]омер(?! на маркере)/.test(e.message)).map(([k]) => k)).toEqual([]);
  });
  it('undoing a board change says a board change: "Отменить перемещение"', () => {
    expect(catalogues.ru.demo_undo!.message).toBe('Отменить перемещение');
  });
  it('after "Мораль:" a morale state goes on in lower case (the popup puts the board word there)', () => {
    for (const state of ['normal', 'pinned', 'demoralised', 'routed']) {
      const said = formatText(catalogues.ru, text('bdc_summary_morale', formatText(catalogues.ru, text(`board_word_${state}`)), 6));
      expect(said).toMatch(/^Мораль: [а-яё]/);
    }
    expect(formatText(catalogues.ru, text('bdc_word_broken'))).toBe('разбит');
  });
});
