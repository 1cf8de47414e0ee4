// The names Command Post uses in an Owlbear Rodeo room. Owlbear asks extensions to namespace what they
// keep in shared metadata with a reverse-DNS key (docs.owlbear.rodeo, "Metadata"): ours is the
// reverse of commandpost.dev, the domain in the browser extension's Firefox id.
export const NAMESPACE = 'dev.commandpost';

/** A token's side, unit and role (item metadata, set from the context menu): ./items.ts `TokenTag`. */
export const TOKEN_KEY = `${NAMESPACE}/token`;
/** The scene's game as last compacted (scene metadata): ./game.ts `Base`. */
export const GAME_KEY = `${NAMESPACE}/game`;
/** One key per player, holding that player's actions not compacted yet (scene metadata): ./game.ts `OpList`. */
export const OPS_PREFIX = `${NAMESPACE}/ops/`;
/** Marks the local items this extension draws (local item metadata), so that a reload can clear them. */
export const LOCAL_KEY = `${NAMESPACE}/drawn`;
/** Whether this player wants the board's key in his screen's corner (player metadata: his own, kept by Owlbear). */
export const LEGEND_KEY = `${NAMESPACE}/legend`;

export const opsKey = (playerId: string): string => `${OPS_PREFIX}${playerId}`;
