// A tabletop declared once (issue 37, as a refined-github feature declares where it runs): where its
// content script runs, and which senders the worker takes its live board from. Each tabletop's folder
// (src/adapters/<id>/) holds its declaration, `tabletop.ts`, listed once in ./tabletops.ts. The worker
// reads its sender rule there (background/senders.ts); the manifest's content scripts are checked
// against the declarations (test/unit/architecture.test.ts), as is each folder's having one.

export type TabletopId = 'roll20' | 'owlbear' | 'demo';

/** A content script as the manifest lists it. */
export interface ContentScript {
  readonly matches: readonly string[];
  readonly exclude_matches?: readonly string[];
  readonly js: readonly string[];
}

export interface Tabletop {
  readonly id: TabletopId;
  /** Its content script in the manifest (null: it runs in a page of the extension's own). */
  readonly contentScript: ContentScript | null;
  /**
   * Whether the top frame of a tab at `url` reports this tabletop's live board to the worker: the
   * browser's own account of the sender, never the message. `page`: where `url` is within the
   * extension's own pages (null: a page elsewhere).
   */
  reportsFrom(url: string, page: string | null): boolean;
}

export const defineTabletop = (tabletop: Tabletop): Tabletop => tabletop;
