// The one place a rule system plugs into the Roll20 board. Until the BdC rules land, command is
// a generic "command radius" from the Roll20 settings (default 10 cm base edge to base edge, the
// BdC reading in geometry/rule-defaults.ts). A rule system later returns its own radius, way of
// measuring and which leaders may command (e.g. BdC: not demoralised or routed) from here.
import type { LeaderAbility } from '../../geometry/chains-common';
import type { Length, MeasureFrom, Scene, Token } from '../../table/model';
import { radiusLength } from './mapping';
import type { Roll20Settings } from './settings';

export interface CommandRules {
  readonly radius: Length;
  readonly from: MeasureFrom;
  readonly mayCommand?: (leader: Token) => LeaderAbility;
}

export function commandRules(settings: Roll20Settings, scene: Scene): CommandRules {
  return { radius: radiusLength(settings, scene), from: settings.from };
}
