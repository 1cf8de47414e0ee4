import type { SystemId } from './ids';
import type { SYSTEMS } from './index';

/** The types of one registered rule system, by id. */
type SystemOf<K extends SystemId> = (typeof SYSTEMS)[K];
export type ConfigOf<K extends SystemId> = SystemOf<K>['defaultConfig'];
export type StateOf<K extends SystemId> = ReturnType<SystemOf<K>['initialState']>;
export type EventOf<K extends SystemId> = Parameters<SystemOf<K>['apply']>[1];
