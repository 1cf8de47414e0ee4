// Roll20's journal as its server keeps it, for Node tests of the shared game on Roll20: characters
// with `controlledby` and `inplayerjournals`, each with its attributes (name → current). Written from
// what Roll20 documents and public code shows (../shared notes "roll20-shared-game", channel 5), not
// from our adapter: a game master may edit every character, a player those whose `controlledby` names
// him or says `all` — when the server enforces it, which only a live game can tell (so it is a switch);
// a save the server refuses is put back for everyone ("silently reverts"); values may have a size limit
// (a switch too). Each client hears the journal as the server holds it when its turn comes (`deliver`),
// and a save reaches the server when the test lets it (`land`): delays and reorders are the test's.
import type { AttributeWrite, Journal } from '../../src/adapters/roll20/ledger';

export interface ServerCharacter {
  readonly id: string;
  name: string;
  controlledby: string;
  inplayerjournals: string;
  readonly attribs: Map<string, string>;
}

export interface JournalRules {
  /** Whether the server refuses a player's save on a character he does not control. */
  enforce: boolean;
  /** Longest value the server keeps (null: no limit). */
  attrMax: number | null;
}

export class JournalServer {
  readonly characters = new Map<string, ServerCharacter>();
  readonly refused: { by: string; what: string; why: string }[] = [];
  private nextId = 0;

  constructor(
    readonly gms: ReadonlySet<string>,
    readonly players: { id: string; name: string; online: boolean }[],
    readonly rules: JournalRules = { enforce: true, attrMax: null },
  ) {}

  private controls(player: string, c: ServerCharacter): boolean {
    if (this.gms.has(player)) return true;
    if (!this.rules.enforce) return true;
    const list = c.controlledby.split(',').map((s) => s.trim());
    return list.includes('all') || list.includes(player);
  }

  /** A character made by `by` (a game master only, as Roll20's default journal setting has it). */
  create(by: string, attrs: { name: string; controlledby: string; inplayerjournals: string }): string | null {
    if (!this.gms.has(by)) {
      this.refused.push({ by, what: `create ${attrs.name}`, why: 'not-gm' });
      return null;
    }
    // Firebase push ids sort by creation.
    const id = `-C${String(++this.nextId).padStart(18, '0')}`;
    this.characters.set(id, { id, ...attrs, attribs: new Map() });
    return id;
  }

  /** A character's permissions, saved by `by` (game masters only). */
  permit(by: string, id: string, attrs: { controlledby?: string; inplayerjournals?: string }): boolean {
    const c = this.characters.get(id);
    if (!c || (this.rules.enforce && !this.gms.has(by))) {
      this.refused.push({ by, what: `permissions of ${id}`, why: 'not-gm' });
      return false;
    }
    Object.assign(c, attrs);
    return true;
  }

  /** One attribute save, as `by`: kept, or refused (and then nothing changes). */
  save(by: string, w: AttributeWrite): boolean {
    const c = this.characters.get(w.character);
    if (!c) return false;
    if (!this.controls(by, c)) {
      this.refused.push({ by, what: `${c.name}/${w.name}`, why: 'not-controller' });
      return false;
    }
    if (this.rules.attrMax !== null && w.value.length > this.rules.attrMax) {
      this.refused.push({ by, what: `${c.name}/${w.name}`, why: 'too-large' });
      return false;
    }
    c.attribs.set(w.name, w.value);
    return true;
  }

  /** The journal as `player`'s browser receives it: the characters he may see, each with its attributes. */
  journalOf(player: string): Journal {
    const sees = (c: ServerCharacter) => {
      if (this.gms.has(player)) return true;
      const list = `${c.inplayerjournals},${c.controlledby}`.split(',').map((s) => s.trim());
      return list.includes('all') || list.includes(player);
    };
    return {
      me: { player, gm: this.gms.has(player) },
      players: this.players.map((p) => ({ ...p })),
      characters: [...this.characters.values()]
        .filter((c) => c.name.startsWith('Command Post · ') && sees(c))
        .map((c) => ({ id: c.id, name: c.name, controlledby: c.controlledby, inplayerjournals: c.inplayerjournals, attribs: Object.fromEntries(c.attribs) })),
    };
  }
}
