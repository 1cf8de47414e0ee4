// The pieces the popup has ticked for a choice not sent yet (Désastre Colonial's units for a
// command), as a tabletop's board is told them (SystemBoard.view): the fields of each message that
// carries them, checked on every hop. Kept apart so that a content script takes only this.
import * as v from 'valibot';
import { SYSTEM_IDS } from '../rules/ids';
import { BINDING_LIMITS } from './model';

export const TICKS_FIELDS = {
  system: v.picklist(SYSTEM_IDS),
  ticks: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(BINDING_LIMITS.id))), v.maxLength(80)),
};
