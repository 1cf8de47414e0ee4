// Whether this player wants the key in his screen's corner: his own setting, in his Owlbear player
// metadata (Owlbear keeps it; the popover sets it, the background page, which draws, follows the
// player's changes). Not localStorage: in Owlbear's iframes that is third-party storage, which a
// browser may deny.
import OBR, { type Metadata } from '@owlbear-rodeo/sdk';
import { LEGEND_KEY } from '../src/adapters/owlbear/keys';

export const legendShownIn = (metadata: Metadata | undefined): boolean => metadata?.[LEGEND_KEY] !== false;

export const showLegend = (on: boolean): Promise<void> =>
  OBR.player.setMetadata({ [LEGEND_KEY]: on }).catch(() => undefined);

/** The setting now, then `on` at each change of it. */
export async function followLegend(on: (shown: boolean) => void): Promise<void> {
  let shown = legendShownIn(await OBR.player.getMetadata().catch(() => undefined));
  on(shown);
  OBR.player.onChange((player) => {
    const now = legendShownIn(player.metadata);
    if (now === shown) return;
    shown = now;
    on(now);
  });
}
