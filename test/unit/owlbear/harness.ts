// A table of honest clients and one hostile player, on a room whose metadata merges either way
// (test/support/owlbear-room.ts), with a clock the test moves: each client hears Owlbear's changes
// within `hearMs`, its page heals on its one-second timer, writes in flight arrive (or are refused
// by Owlbear) within `wireMs`. Used by the property test and the attack tests.
import { GAME_KEY, OPS_PREFIX } from '../../../src/adapters/owlbear/keys';
import type { SceneRequest } from '../../../src/messages';
import { gameOf } from '../../../src/store/load';
import { SceneSync, type Identity } from '../../../src/adapters/owlbear/sync';
import { Room, nodeCodec, type MergeMode } from '../../support/owlbear-room';

export interface Flight {
  readonly write: Record<string, unknown>;
  readonly from: SceneSync;
  readonly at: number;
}

export class Table {
  t = 0;
  readonly room: Room;
  readonly gm: SceneSync;
  readonly players: SceneSync[];
  /** The hostile player's own connection: Owlbear lists him at the table as a PLAYER. */
  readonly hostile: SceneSync;
  private flights: Flight[] = [];
  private heard = new Map<SceneSync, number>();
  private healed = new Map<SceneSync, number>();
  private salts = 0;
  /** Writes Owlbear refused, by client (the page is told: `wrote(false)`). */
  refusals = 0;

  constructor(
    mode: MergeMode,
    players = 2,
    readonly hearMs = 900,
    readonly wireMs = 600,
  ) {
    this.room = new Room(mode);
    this.gm = this.client({ writer: 'gm.bg', player: 'gm', gm: true });
    this.players = Array.from({ length: players }, (_, i) => this.client({ writer: `p${i + 1}.bg`, player: `p${i + 1}`, gm: false }));
    this.hostile = this.client({ writer: 'h.bg', player: 'h', gm: false });
    this.room.join(this.gm, ...this.players, this.hostile);
  }

  private client(me: Identity): SceneSync {
    return new SceneSync(nodeCodec, me, undefined, () => `salt${++this.salts}`, () => this.t);
  }

  /** The honest clients: the game master and the players. */
  get honest(): SceneSync[] {
    return [this.gm, ...this.players];
  }

  async hear(c: SceneSync): Promise<void> {
    this.heard.set(c, this.t);
    await this.room.deliver(c);
    const w = c.heal();
    if (w) this.send(c, w);
  }

  send(from: SceneSync, write: Record<string, unknown>): void {
    this.flights.push({ write, from, at: this.t });
  }

  /** The oldest write in flight of `from` arrives (or, `refused`, Owlbear says no). */
  land(from: SceneSync, refused = false): void {
    const i = this.flights.findIndex((f) => f.from === from);
    if (i < 0) return;
    const [f] = this.flights.splice(i, 1);
    if (refused) {
      this.refusals++;
      f!.from.wrote(false);
    } else this.room.set(f!.write, f!.from);
  }

  async act(c: SceneSync, request: SceneRequest): Promise<boolean> {
    const r = await c.submit(request);
    if (r.ok) this.send(c, r.value.write);
    return r.ok;
  }

  /** The game master's page compacts (`force`: whether or not enough waits, as after a long game). */
  async compact(force = true): Promise<void> {
    if (!force && !this.gm.needsCompaction()) return;
    const w = await this.gm.compact();
    if (w) this.send(this.gm, w);
  }

  /** Time passes: writes older than `wireMs` arrive, clients that have not heard for `hearMs` hear, pages heal on their timer. */
  async tick(ms: number): Promise<void> {
    this.t += ms;
    for (const f of this.flights.filter((x) => this.t - x.at >= this.wireMs)) this.land(f.from);
    for (const c of this.honest) if (this.t - (this.heard.get(c) ?? -Infinity) >= this.hearMs) await this.hear(c);
    for (const c of this.honest) {
      if (this.t - (this.healed.get(c) ?? -Infinity) < 1000) continue;
      this.healed.set(c, this.t);
      const w = c.heal();
      if (w) this.send(c, w);
    }
  }

  /** Runs until every write has landed and the game master has compacted what waits: the end of an evening. */
  async settle(rounds = 60): Promise<void> {
    for (let i = 0; i < rounds; i++) {
      await this.tick(700);
      for (const c of this.honest) while (this.flights.some((f) => f.from === c)) this.land(c);
      for (const c of this.honest) await this.hear(c);
      await this.compact();
    }
    for (const c of this.honest) while (this.flights.some((f) => f.from === c)) this.land(c);
    for (const c of this.honest) await this.room.deliver(c);
  }

  /** A raw write by the hostile player's client (key by key, whatever Owlbear's merge). */
  forge(update: Record<string, unknown>): void {
    this.room.set(update);
  }

  get metadata(): Record<string, unknown> {
    return this.room.metadata;
  }
}

export const names = (c: SceneSync, system = 'hd-command'): string[] =>
  gameOf(c.state.root, system as 'hd-command')
    .log.events.map((e) => (e as { name?: string }).name)
    .filter((x): x is string => x !== undefined);

export const sideEdited = (side: 'A' | 'B', name: string): SceneRequest => ({ type: 'game/dispatch', system: 'hd-command', event: { type: 'sideEdited', side, name } });

export const opsOf = (metadata: Record<string, unknown>, writer: string): { seq: number; lamport: number; by: string; request: unknown }[] =>
  ((metadata[OPS_PREFIX + writer] as { ops?: { seq: number; lamport: number; by: string; request: unknown }[] } | null)?.ops ?? []);

export const baseOf = (metadata: Record<string, unknown>): { gen: number; covers: Record<string, number>; lamport: number; game: string } | undefined =>
  metadata[GAME_KEY] as never;
