// One palette for every tabletop's drawing (the browser overlay, Owlbear's local items, Roll20's
// auras), so that a board reads the same wherever it is played.
import type { EdgeKind, MarkStatus, RingKind } from './model';

export const MARK_COLOURS: Readonly<Record<MarkStatus, string>> = {
  leader: '#2563eb',
  commanded: '#16a34a',
  link: '#d97706',
  eligible: '#0891b2',
  out: '#dc2626',
  lost: '#4b5563',
  none: '#9ca3af',
};

export const RING_COLOURS: Readonly<Record<RingKind, string>> = { command: '#2563eb', control: '#7c3aed', signal: '#ea580c' };

/** A radio link in the signal's colour; chains and voice links in the link mark's. */
export const EDGE_COLOURS: Readonly<Record<EdgeKind, string>> = { chain: '#d97706', voice: '#d97706', radio: '#7c3aed' };
