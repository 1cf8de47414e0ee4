// The names Command Post uses in an Owlbear Rodeo room. Owlbear asks extensions to namespace what they
// keep in shared metadata with a reverse-DNS key (docs.owlbear.rodeo, "Metadata"): ours is the
// reverse of commandpost.dev, the domain in the browser extension's Firefox id.
import type { PageName, TableKeys } from '../../shared-game/keys';
import { LIMITS } from '../../shared-game/model';

export const NAMESPACE = 'dev.commandpost';

/** A token's side, unit and role (item metadata, set from the context menu): ./items.ts `TokenTag`. */
export const TOKEN_KEY = `${NAMESPACE}/token`;
/** The table's own id for a scene (scene metadata). */
export const SCENE_KEY = `${NAMESPACE}/scene`;
/** The scene's checkpoint: its head, and its parts under the same name and a slash (scene metadata): src/shared-game/checkpoint.ts. */
export const GAME_KEY = `${NAMESPACE}/game`;
export const PART_PREFIX = `${GAME_KEY}/`;
/** Each connection's pages, holding that connection's actions not compacted yet (scene metadata): src/shared-game/ops.ts. */
export const OPS_PREFIX = `${NAMESPACE}/ops/`;
/** Each connection's record: what it signs of the scene's keys (its own player metadata, which only it writes): src/shared-game/records.ts. */
export const RECORD_KEY = `${NAMESPACE}/record`;
/** Marks the local items this extension draws (local item metadata), so that a reload can clear them. */
export const LOCAL_KEY = `${NAMESPACE}/drawn`;
/** Whether this player wants the board's key in his screen's corner (player metadata: his own, kept by Owlbear). */
export const LEGEND_KEY = `${NAMESPACE}/legend`;

/** An Owlbear connection id as it appears in a key: only characters safe anywhere. */
export const connectionKey = (connectionId: string): string => connectionId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 48);

/** A connection's one writer: its background page. */
export const writerId = (connectionId: string): string => `${connectionKey(connectionId)}.bg`;

/** The connection a writer belongs to. */
export const connectionOf = (writer: string): string => writer.slice(0, writer.lastIndexOf('.'));

/** A connection's pages: `ops/<connection>.bg`, then `ops/<connection>.bg.1` … `.7`; `.r` its pages written back by others; `.s` its writer's signature of his pages. No other name is anyone's. */
const PAGE = /^([A-Za-z0-9_-]{1,48})\.bg(?:\.([1-9]))?$/;
const RETURNED = /^([A-Za-z0-9_-]{1,48})\.bg\.r$/;
const SIGNATURE = /^([A-Za-z0-9_-]{1,48})\.bg\.s$/;

export const OWLBEAR_KEYS: TableKeys = {
  scene: SCENE_KEY,
  head: GAME_KEY,
  part: (name) => `${PART_PREFIX}${name}`,
  isPart: (key) => key.startsWith(PART_PREFIX),
  isWriterKey: (key) => key.startsWith(OPS_PREFIX),
  pageOf(key): PageName {
    const r = RETURNED.exec(key.slice(OPS_PREFIX.length));
    if (r) return { kind: 'returned', writer: `${r[1]}.bg`, holder: r[1]! };
    const g = SIGNATURE.exec(key.slice(OPS_PREFIX.length));
    if (g) return { kind: 'signature', writer: `${g[1]}.bg`, holder: g[1]! };
    const m = PAGE.exec(key.slice(OPS_PREFIX.length));
    const page = m ? Number(m[2] ?? 0) : -1;
    if (!m || page >= LIMITS.pagesPerWriter) return { kind: 'not-a-page' };
    return { kind: 'page', writer: `${m[1]}.bg`, holder: m[1]!, page };
  },
  page: (writer, page) => `${OPS_PREFIX}${writer}${page ? `.${page}` : ''}`,
  returned: (writer) => `${OPS_PREFIX}${writer}.r`,
  signature: (writer) => `${OPS_PREFIX}${writer}.s`,
  writerOf: (holder) => `${holder}.bg`,
  holderOf: connectionOf,
};

/** The key of a connection's first page (what the game master is told a refusal came from). */
export const opsKey = (writer: string): string => OWLBEAR_KEYS.page(writer, 0);
