// What every channel of the worker is handed, and what it is: which messages it takes, and its handler,
// which checks the sender beside what it does (background/senders.ts: the browser's own account of
// the sender, never the message). No browser API here, so that the tests can send anything from anyone.
import type { StorageArea, StoreService } from '../../src/store/service';
import type { Self, Sender } from '../senders';

/** storage.session, where live tables and each tab's system are kept by tab (gone with the browser session). */
export interface SessionArea {
  get(keys: string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string[]): Promise<void>;
}

export interface MessengerDeps {
  readonly self: Self;
  readonly store: StoreService;
  readonly local: StorageArea;
  readonly session: SessionArea;
  /** BG→CS: a message to one tab's content script (tabs.sendMessage), answered with what it answers. */
  readonly sendToTab?: (tab: number, message: unknown) => Promise<unknown>;
}

/** What a channel is handed: the worker's storage and store, and a way to count what it drops. */
export interface ChannelDeps extends MessengerDeps {
  /** A message dropped (a sender that may not send it, or one malformed): counted for diagnosis. */
  readonly drop: () => void;
}

export interface Channel<Answer> {
  /** Whether the message is this channel's (by its type alone: the handler checks the rest). */
  takes(message: unknown): boolean;
  /** Its answer, or undefined for a message dropped unanswered (a sender that may not send it). */
  handle(message: unknown, sender: Sender): Promise<Answer | undefined>;
}

/** Live tables by tab, for the popup. */
export const liveKey = (tabId: number) => `commandPost.live.${tabId}`;
