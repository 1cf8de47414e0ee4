import { ok, refuse, type Result } from '../../game/result';
import { DC_RULES, type DcProfile } from './types';

/**
 * A leader's `NdX/R` ("4D8/3"): N dice (2 ineffective … 5 excellent), die type D6/D8/D10
 * (competence), command radius 1–5 hexes. Each wrong part gets its own refusal.
 */
export function parseProfile(raw: string): Result<DcProfile> {
  const m = /^\s*(\d{1,3})\s*[dD]\s*(\d{1,3})\s*\/\s*(\d{1,3})\s*$/.exec(raw);
  if (!m) return refuse('dc-profile-format', { profile: raw.slice(0, 20) });
  const [dice, die, radius] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (dice < DC_RULES.minDice || dice > DC_RULES.maxDice)
    return refuse('dc-profile-dice', { dice, min: DC_RULES.minDice, max: DC_RULES.maxDice });
  if (!(DC_RULES.dice as readonly number[]).includes(die)) return refuse('dc-profile-die', { die });
  if (radius < DC_RULES.minRadius || radius > DC_RULES.maxRadius) {
    return refuse('dc-profile-radius', { radius, min: DC_RULES.minRadius, max: DC_RULES.maxRadius });
  }
  return ok({ dice, die, radius });
}

export const formatProfile = (p: DcProfile): string => `${p.dice}D${p.die}/${p.radius}`;
