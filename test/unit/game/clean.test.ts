// Names typed by players or held by a tabletop reach the Roll20 chat, the board's overlay and saved
// files: cleaned once, where they enter, of what could hide or turn text around.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TableBinder } from '../../../src/board/bind';
import { boardSummarySchema } from '../../../src/board/summary-schema';
import { cleanText } from '../../../src/game/clean';
import { parseRequest } from '../../../src/store/requests';
import * as v from 'valibot';
import { exampleBoard } from '../../../src/adapters/demo/example';
import { statusOf, tableOf } from '../../../src/adapters/demo/model';
import { BoardRunner } from '../../../src/board/run';
import { summaryOf } from '../../../src/board/summary';
import { BOARDS } from '../../../src/rules/boards';
import { boardInputOf } from '../../../src/store/board';
import { exampleRoot } from '../../support/demo';

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

describe('cleanText', () => {
  it('removes bidirectional overrides and turns control characters into spaces', () => {
    expect(cleanText('Sergent\u202Etxt.exe')).toBe('Sergenttxt.exe');
    expect(cleanText('a\nb\tc\u0000d\u2028e')).toBe('a b c d e');
    expect(cleanText('\u2066Ney\u2069 \u200Fנ')).toBe('Ney נ');
    expect(cleanText('lone \ud800 half')).toBe('lone \ufffd half');
  });

  it('keeps every other character, accents, scripts and emoji included', () => {
    for (const name of ['Général Desaix', 'Кутузов', 'محمد', '⚔️ Chef 👑', '<img src=x onerror=alert(1)>'])
      expect(cleanText(name)).toBe(name);
  });

  it('leaves nothing unsafe, changes nothing twice, and never makes a text longer', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (raw) => {
        const once = cleanText(raw);
        expect(UNSAFE.test(once)).toBe(false);
        expect(cleanText(once)).toBe(once);
        expect(once.length).toBeLessThanOrEqual(raw.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('where names enter', () => {
  const hostile = 'Ney\u202E\u0007\nlieutenant';
  it('a game event (a player types it): stored, played and exported clean', () => {
    const parsed = parseRequest({
      type: 'game/dispatch',
      system: 'hd-command',
      event: { type: 'sideEdited', side: 'A', name: hostile },
    });
    expect(parsed.ok && (parsed.value as { event: { name: string } }).event.name).toBe('Ney  lieutenant');
  });

  it('a token of any tabletop, once bound: what views, the overlay and the summary read', () => {
    const token = {
      id: 't1',
      name: hostile,
      side: null,
      unit: null,
      role: 'figure' as const,
      center: { x: 0, y: 0 },
      radius: 10,
      base: null,
      layer: 'objects',
      dead: false,
    };
    const bound = new TableBinder().bind(
      {
        tokens: [token],
        scene: { pixelsPerCell: 70, unitsPerCell: 1, unitName: 'm', grid: 'square', measurement: 'euclidean' },
      } as never,
      { links: {}, sides: {} },
      [],
    );
    expect(bound.tokens[0]!.name).toBe('Ney  lieutenant');
  });

  it('the board summary a tabletop reports (checked again by the worker)', () => {
    const board = exampleBoard('bdc');
    const summary = summaryOf(
      statusOf(board, [], (key) => key),
      tableOf(board),
      new BoardRunner().run(BOARDS.bdc, tableOf(board), boardInputOf(exampleRoot('bdc'))),
      'bdc',
    );
    const forged = { ...summary, figures: summary.figures.map((f) => ({ ...f, name: hostile })) };
    const parsed = v.safeParse(boardSummarySchema, forged);
    expect(parsed.success && parsed.output.figures.map((f) => f.name)).toEqual(
      summary.figures.map(() => 'Ney  lieutenant'),
    );
  });
});
