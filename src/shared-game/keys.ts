// Where a tabletop keeps the shared game: the names of its keys, and who writes which. The tabletop's
// adapter supplies one `TableKeys` (src/adapters/owlbear/keys.ts: an Owlbear scene's metadata keys);
// the shared game never builds a key name itself, and takes a key's writer from its full name alone:
// a key of a holder at the table is one of that holder's writer's pages, a closed list, or nobody's.

/** What a key under the writers' prefix names. */
export type PageName =
  /** Page `page` (0 … LIMITS.pagesPerWriter − 1) of the writer of `holder`. */
  | { readonly kind: 'page'; readonly writer: string; readonly holder: string; readonly page: number }
  /**
   * Another client's copy of pages `writer` signed, written back for him: ops his pages dropped as in a
   * checkpoint the table no longer holds (./read-returns.ts). Anyone may write it; only what the
   * writer's record signs is read from it.
   */
  | { readonly kind: 'returned'; readonly writer: string; readonly holder: string }
  /**
   * A writer's signature of his pages, by his browser's key (./signing.ts `signPages`): what proves
   * them his once his connection, and the record that signed them, is gone (Owlbear; Roll20: none).
   */
  | { readonly kind: 'signature'; readonly writer: string; readonly holder: string }
  /** Under the writers' prefix, but no page any writer writes (another suffix, a page past the last, a malformed name). */
  | { readonly kind: 'not-a-page' };

export interface TableKeys {
  /** The table's own id for the scene the keys are on (made once, at random). */
  readonly scene: string;
  /** The checkpoint's head. */
  readonly head: string;
  /** A checkpoint part's key, by the part's name (`state.0`, `<system>.<from>.<piece>`). */
  part(name: string): string;
  /** Whether a key is one of the checkpoint's parts. */
  isPart(key: string): boolean;
  /** Whether a key is under the writers' prefix (a page, or something pretending to be one). */
  isWriterKey(key: string): boolean;
  /** What a key under the writers' prefix names. */
  pageOf(key: string): PageName;
  /** The key of page `page` of `writer`. */
  page(writer: string, page: number): string;
  /** The key where a writer's signed pages are written back by others, where the tabletop lets anyone write one (Roll20: none). */
  returned?(writer: string): string;
  /** The key where a writer keeps its signature of its pages, where his record goes with his connection (Roll20: none). */
  signature?(writer: string): string;
  /** The one writer a holder has (its keys' owner). */
  writerOf(holder: string): string;
  /** The holder of a writer. */
  holderOf(writer: string): string;
}
