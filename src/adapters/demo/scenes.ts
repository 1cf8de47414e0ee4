// The demo table's scenes, by id, without their data (the worker keeps boards per scene and must not
// carry every army): each rule system has its worked example, whose id is the system's own (so that
// `demo.html?scene=bdc` and the boards stored before armies existed keep working), and a real army,
// `<system>-army`. The scenes themselves are registered in src/rules/demos.ts.
import { SYSTEM_IDS, isSystemId, type SystemId } from '../../rules/ids';

export const SCENE_KINDS = ['example', 'army'] as const;
export type SceneKind = (typeof SCENE_KINDS)[number];

export type SceneId = SystemId | `${SystemId}-army`;

export const sceneId = (system: SystemId, kind: SceneKind = 'example'): SceneId =>
  kind === 'army' ? `${system}-army` : system;

/** Every scene, a system's example first, in the order of the systems. */
export const SCENE_IDS: readonly SceneId[] = SYSTEM_IDS.flatMap((system) =>
  SCENE_KINDS.map((kind) => sceneId(system, kind)),
);

/** A scene id's system and kind; null for anything that is not a scene. */
export function sceneRef(id: unknown): { readonly system: SystemId; readonly kind: SceneKind } | null {
  if (typeof id !== 'string') return null;
  if (isSystemId(id)) return { system: id, kind: 'example' };
  const system = id.endsWith('-army') ? id.slice(0, -'-army'.length) : null;
  return isSystemId(system) ? { system, kind: 'army' } : null;
}

export const isSceneId = (id: unknown): id is SceneId => sceneRef(id) !== null;

/** The scenes of one system, its example first. */
export const scenesOf = (system: SystemId): SceneId[] => SCENE_KINDS.map((kind) => sceneId(system, kind));
