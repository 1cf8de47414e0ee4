// How this system's forms play one of its events: handed down by ./Panel.tsx, named apart from it so
// that no child imports its parent.
import type { HdmEvent } from '../../src/rules/hd-modifiers';
import type { Dispatch as DispatchOf } from '../context';

export type Dispatch = DispatchOf<HdmEvent>;
