// What the Owlbear browser tests share: Chromium on the test host (test/fixtures/owlbear), players
// joining, and reading back what each client drew (its local items) and played (its popover's game).
import type { Item } from '@owlbear-rodeo/sdk';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { isRoot } from '../../scripts/chromium.mjs';
import type { DrawnTag } from '../../src/adapters/owlbear/draw';
import { LOCAL_KEY } from '../../src/adapters/owlbear/keys';
import { startOwlbearServers, type OwlbearServers } from '../fixtures/owlbear/server';
import { chromiumPath } from './launch';

export const GM = { id: 'player-gm', name: 'Gamemaster', role: 'GM' as const, connectionId: 'conn-gm' };
export const PLAYER = { id: 'player-p1', name: '<img src=x onerror=alert(1)>', role: 'PLAYER' as const, connectionId: 'conn-p1' };

export interface Room {
  readonly page: Page;
  readonly errors: string[];
  readonly servers: OwlbearServers;
}

export interface Launched {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly servers: OwlbearServers;
  close(): Promise<void>;
}

/** Chromium without the browser extension: the Owlbear extension works alone. */
export async function launchPlain(): Promise<Launched> {
  const servers = await startOwlbearServers();
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...servers.args, ...(isRoot() ? ['--no-sandbox'] : []), '--disable-gpu', '--disable-background-networking', '--no-first-run', '--disable-quic'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  return {
    browser,
    context,
    servers,
    close: async () => {
      await browser.close().catch(() => undefined);
      await servers.close();
    },
  };
}

/** How the test host plays what the SDK leaves to Owlbear (test/fixtures/owlbear/host.ts): where an update is merged, how late changes arrive. */
export interface HostOptions {
  readonly merge?: 'server' | 'client';
  readonly lag?: number;
}

/** Opens the host page and lets `players` join (each with its background page running). */
export async function openRoom(context: BrowserContext, servers: OwlbearServers, players: { id: string; name: string; role: 'GM' | 'PLAYER'; connectionId: string }[], options: HostOptions = {}): Promise<Room> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`host: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('dialog', (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.goto(`${servers.hostUrl}&merge=${options.merge ?? 'server'}&lag=${options.lag ?? 0}`);
  await page.waitForSelector('html[data-host-ready]', { state: 'attached' });
  await page.evaluate((ps) => (window as unknown as { obr: { join(p: unknown): Promise<void> } }).obr.join(ps), players);
  for (const p of players) await background(page, p.connectionId).locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  return { page, errors, servers };
}

type Obr = Record<string, (...args: never[]) => unknown>;

/** Calls the host's `window.obr[name](...args)`. */
export function host<T = unknown>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(({ name, args }) => ((window as unknown as { obr: Obr }).obr[name] as (...a: unknown[]) => unknown)(...args), { name, args }) as Promise<T>;
}

export const background = (page: Page, conn: string): FrameLocator => page.frameLocator(`iframe[data-conn="${conn}"][data-page="background"]`);
export const action = (page: Page, conn: string): FrameLocator => page.frameLocator(`iframe[data-conn="${conn}"][data-page="action"]`);

/** Opens a player's action popover and waits for it to show the game. */
export async function openAction(page: Page, conn: string): Promise<FrameLocator> {
  await host(page, 'openAction', conn);
  const frame = action(page, conn);
  await frame.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  return frame;
}

/** What a client drew, by kind: each token's mark status, the rings (leader → kinds), edges, labels. */
export interface Drawn {
  marks: Record<string, string>;
  rings: Record<string, string[]>;
  edges: Record<string, { from: string; kind: string }>;
  reasons: Record<string, string>;
  items: Item[];
}

export async function drawn(page: Page, conn: string): Promise<Drawn> {
  const items = await host<Item[]>(page, 'local', conn);
  const out: Drawn = { marks: {}, rings: {}, edges: {}, reasons: {}, items };
  for (const item of items) {
    const tag = item.metadata[LOCAL_KEY] as DrawnTag | undefined;
    if (!tag) continue;
    if (tag.kind === 'mark') out.marks[tag.token!] = tag.status!;
    if (tag.kind === 'ring') (out.rings[tag.token!] ??= []).push(tag.ring!);
    if (tag.kind === 'edge') out.edges[tag.token!] = { from: tag.from!, kind: tag.edge! };
    if (tag.kind === 'reason') out.reasons[tag.token!] = (item as unknown as { text: { plainText: string } }).text.plainText;
  }
  for (const k of Object.keys(out.rings)) out.rings[k]!.sort();
  return out;
}

/** Sends a request the way the popover's own panels do (its PopupApi), from inside a player's popover. */
export function sendFrom(frame: FrameLocator, request: object): Promise<{ ok: boolean; error?: { code: string } }> {
  return frame.locator('html').evaluate(
    (_, r) => (globalThis as unknown as { commandPostSession: { send(r: unknown): Promise<{ ok: boolean; error?: { code: string } }> } }).commandPostSession.send(r),
    request,
  );
}
