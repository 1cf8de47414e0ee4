// Every tabletop, each declared once in its own folder (./tabletop.ts).
import { demo } from './demo/tabletop';
import { owlbear } from './owlbear/tabletop';
import { roll20 } from './roll20/tabletop';

export const TABLETOPS = [roll20, owlbear, demo] as const;
