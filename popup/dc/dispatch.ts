// How this system's forms play one of its events: handed down by ./Panel.tsx, named apart from it so
// that no child imports its parent.
import type { DcEvent } from '../../src/rules/dc';
import type { Dispatch as DispatchOf } from '../context';

export type Dispatch = DispatchOf<DcEvent>;
