import type { SystemId } from './ids';
import type { DESCRIPTORS } from './index';

/** The types of one registered rule system, by id. */
type DescriptorOf<K extends SystemId> = (typeof DESCRIPTORS)[K];
type RulesOf<K extends SystemId> = DescriptorOf<K>['rules'];
export type ConfigOf<K extends SystemId> = RulesOf<K>['defaultConfig'];
export type StateOf<K extends SystemId> = ReturnType<RulesOf<K>['initialState']>;
export type EventOf<K extends SystemId> = Parameters<RulesOf<K>['apply']>[1];
export type FactsOf<K extends SystemId> = ReturnType<DescriptorOf<K>['facts']>;
