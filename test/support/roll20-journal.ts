// Roll20's journal for Node tests of the shared game on Roll20: the fixture's own server rules
// (test/fixtures/roll20/journal.ts, written from Roll20's public code and documents, never from our
// adapter: who sees and who may edit a character, a size limit, ownership enforced or not), without
// the network. Each client hears the journal as the server holds it when its turn comes
// (`journalOf`), and a save reaches the server when the test lets it: delays and reorders are the
// test's. Players are named by reference (`bob`); their Roll20 ids are `fid(ref)`.
import type { AttributeWrite, Journal } from '../../src/adapters/roll20/ledger';
import { JournalGame, fid, type RefusalReason } from '../fixtures/roll20/journal';

export interface JournalRules {
  enforce: boolean;
  attrMax: number | null;
}

export { fid };

let made = 0;
/** A push id made by a client (time-ordered as Firebase's are: a counter stands for the clock). */
const pushId = (): string => `-N${String(++made).padStart(18, '0')}`;

export class JournalServer {
  readonly game: JournalGame;
  readonly online = new Set<string>();

  constructor(
    gms: readonly string[],
    players: readonly { ref: string; name: string }[],
    rules: JournalRules = { enforce: true, attrMax: null },
  ) {
    this.game = new JournalGame('test', { players: [...players], gms: [...gms], ...rules });
    for (const p of players) this.online.add(p.ref);
  }

  /** A player's reference, from his reference or his Roll20 id. */
  private refOf(x: string): string {
    return [...this.game.players.values()].find((p) => p.ref === x || p.id === x)?.ref ?? x;
  }

  get refused(): readonly { who: string | null; why: RefusalReason }[] {
    return this.game.refusals;
  }

  join(ref: string, name: string): void {
    this.game.update({ players: [{ ref, name }] });
    this.online.add(ref);
  }

  /** A character, made as `by` from his page (Roll20's `Campaign.characters.create`). */
  create(by: string, attrs: { name: string; controlledby: string; inplayerjournals: string }): string | null {
    const id = pushId();
    return this.game.apply(this.refOf(by), { op: 'char-create', id, attrs }).accepted ? id : null;
  }

  /** A character's permissions saved as `by` (the sheet's "Can be edited & controlled by"). */
  permit(by: string, id: string, attrs: { controlledby?: string; inplayerjournals?: string }): boolean {
    return this.game.apply(this.refOf(by), { op: 'char-save', id, attrs }).accepted;
  }

  /** A character deleted as `by` (Backbone's `destroy()` on its model): the game master's, or anyone's where ownership is not enforced. */
  destroy(by: string, id: string): boolean {
    return this.game.apply(this.refOf(by), { op: 'char-destroy', id }).accepted;
  }

  /** One attribute save as `by`: the attribute's model saved if the character has one of that name, else created. */
  save(by: string, w: AttributeWrite): boolean {
    const existing = this.game.attribs(w.character).find((a) => a.attrs.name === w.name);
    const change = existing
      ? { op: 'attr-save', character: w.character, id: existing.id, attrs: { current: w.value } }
      : { op: 'attr-create', character: w.character, id: pushId(), attrs: { name: w.name, current: w.value, max: '' } };
    return this.game.apply(this.refOf(by), change).accepted;
  }

  /** An attribute's current value on the server. */
  value(character: string, name: string): string | undefined {
    const a = this.game.attribs(character).find((x) => x.attrs.name === name);
    return a === undefined ? undefined : String(a.attrs.current);
  }

  /** The game master's character whose `cp_ledger` attribute says `role` (the first made). */
  ledger(role: string): string {
    return [...this.game.characters.keys()].find((id) => id.startsWith('-N') && this.value(id, 'cp_ledger') === role)!;
  }

  /** The journal as `ref`'s browser receives it: the ledger characters he may see, with their attributes. */
  journalOf(player: string): Journal {
    const ref = this.refOf(player);
    const snapshot = this.game.snapshot();
    return {
      me: { player: fid(ref), gm: this.game.isGm(ref) },
      players: snapshot.players.map((p) => ({ id: p.id, name: p.name, online: this.online.has(p.ref) })),
      characters: snapshot.characters
        .filter((c) => c.name.startsWith('Command Post · ') && this.game.canSee(ref, c.id))
        .map((c) => ({
          id: c.id,
          name: c.name,
          controlledby: c.controlledby,
          inplayerjournals: c.inplayerjournals,
          attribs: Object.fromEntries(c.attribs.map((a) => [a.name, String(a.current)])),
        })),
    };
  }
}
