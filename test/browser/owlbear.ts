// What the Owlbear browser tests share: Chromium on the test host (test/fixtures/owlbear), players
// joining, and reading back what each client drew (its local items) and played (its popover's game).
import type { Item } from '@owlbear-rodeo/sdk';
import { sceneBoard } from '../../src/adapters/demo/example';
import type { SceneId } from '../../src/adapters/demo/scenes';
import { basePx } from '../../src/adapters/demo/model';
import type { Scene } from '../../src/table/model';
import { tokenItem } from '../support/owlbear-items';
import fs from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { isRoot } from '../../scripts/chromium.mjs';
import type { DrawnTag } from '../../src/adapters/owlbear/draw';
import { GAME_KEY, LOCAL_KEY, PART_PREFIX, SCENE_KEY } from '../../src/adapters/owlbear/keys';
import { digestText } from '../../src/shared-game/records';
import { startOwlbearServers, type OwlbearServers } from '../fixtures/owlbear/server';
import { chromiumPath, extensionDir } from './launch';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const GM = { id: 'player-gm', name: 'Gamemaster', role: 'GM' as const, connectionId: 'conn-gm' };
export const PLAYER = {
  id: 'player-p1',
  name: '<img src=x onerror=alert(1)>',
  role: 'PLAYER' as const,
  connectionId: 'conn-p1',
};
/** The hostile player: a connection of his own at the table; the tests stop its pages and write for him. */
export const HOSTILE = { id: 'player-h', name: 'Mallory', role: 'PLAYER' as const, connectionId: 'conn-h' };

/**
 * What a client's popover plays: the names its hd-command game gave the sides, in order; who sits where;
 * and the status of each of its own actions not on the table yet.
 */
export const played = (
  frame: FrameLocator,
): Promise<{ names: string[]; seats: Record<string, { seats: number[] }>; unsent: string[] }> =>
  frame.locator('html').evaluate(() => {
    const s = (
      globalThis as unknown as {
        commandPostSession: {
          state: {
            root: { games: Record<string, { log: { events: { type: string; name?: string }[]; cursor: number } }> };
            game: { seats: Record<string, { seats: number[] }> };
            unsent: { status: string }[];
          } | null;
        };
      }
    ).commandPostSession.state;
    const log = s?.root.games['hd-command']?.log;
    return {
      names: (log?.events.slice(0, log.cursor) ?? []).filter((e) => e.type === 'sideEdited').map((e) => e.name!),
      seats: s?.game.seats ?? {},
      unsent: s?.unsent.map((u) => u.status) ?? [],
    };
  });

/**
 * A checkpoint the hostile player forges, seating himself on both sides over an empty game and covering
 * `covered` far ahead, in the build's format (an earlier version's where the scene holds one of those).
 */
export function forgedGame(
  meta: Record<string, unknown>,
  covered: readonly { connectionId: string }[],
): Record<string, unknown> {
  const game = {
    activeSystem: 'hd-command',
    games: {},
    bindings: {},
    seats: { [HOSTILE.id]: { name: HOSTILE.name, seats: [0, 1] } },
    opened: {},
  };
  const pack = (x: unknown) => deflateRawSync(Buffer.from(JSON.stringify(x), 'utf8')).toString('base64');
  const covers = Object.fromEntries(covered.map((c) => [`${c.connectionId}.bg`, 1e6]));
  const head = meta[GAME_KEY] as { v?: number } | undefined;
  if (head?.v !== 2) return { [GAME_KEY]: { v: 1, gen: 1e6, covers, lamport: 1e6, game: pack({ v: 1, ...game }) } };
  const state = pack({ v: 2, ...game });
  return {
    [`${PART_PREFIX}state.0`]: state,
    [GAME_KEY]: {
      v: 2,
      scene: meta[SCENE_KEY],
      gen: 1e6,
      by: `${GM.connectionId}.bg`,
      covers,
      lamport: 1e6,
      gm: {},
      state: [{ key: 'state.0', h: digestText(state) }],
    },
  };
}

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
    args: [
      ...servers.args,
      ...(isRoot() ? ['--no-sandbox'] : []),
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--disable-quic',
    ],
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
export async function openRoom(
  context: BrowserContext,
  servers: OwlbearServers,
  players: { id: string; name: string; role: 'GM' | 'PLAYER'; connectionId: string }[],
  options: HostOptions = {},
): Promise<Room> {
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
  await page.evaluate(
    (ps) => (window as unknown as { obr: { join(p: unknown): Promise<void> } }).obr.join(ps),
    players,
  );
  for (const p of players)
    await background(page, p.connectionId).locator('html[data-ready]').waitFor({ state: 'attached', timeout: 20_000 });
  return { page, errors, servers };
}

type Obr = Record<string, (...args: never[]) => unknown>;

/** Calls the host's `window.obr[name](...args)`. */
export function host<T = unknown>(page: Page, name: string, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ({ name, args }) => ((window as unknown as { obr: Obr }).obr[name] as (...a: unknown[]) => unknown)(...args),
    { name, args },
  ) as Promise<T>;
}

export const background = (page: Page, conn: string): FrameLocator =>
  page.frameLocator(`iframe[data-conn="${conn}"][data-page="background"]`);
export const action = (page: Page, conn: string): FrameLocator =>
  page.frameLocator(`iframe[data-conn="${conn}"][data-page="action"]`);

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
    // A reason's words (its box is an item of its own); a unit's note speaks for each of its figures.
    if (tag.kind === 'reason' && tag.part === 'text')
      for (const t of tag.tokens ?? [tag.token!])
        out.reasons[t] = (item as unknown as { text: { plainText: string } }).text.plainText;
  }
  for (const k of Object.keys(out.rings)) out.rings[k]!.sort();
  return out;
}

/** Sends a request the way the popover's own panels do (its PopupApi), from inside a player's popover. */
export function sendFrom(frame: FrameLocator, request: object): Promise<{ ok: boolean; error?: { code: string } }> {
  return frame.locator('html').evaluate(
    (_, r) =>
      (
        globalThis as unknown as {
          commandPostSession: { send(r: unknown): Promise<{ ok: boolean; error?: { code: string } }> };
        }
      ).commandPostSession.send(r),
    request,
  );
}

/** The demo scene's grid as Owlbear's: a gridless scene is a square grid measured in straight lines. */
export function gridOf(scene: Scene) {
  const type = scene.grid === 'hex-pointy' ? 'HEX_VERTICAL' : scene.grid === 'hex-flat' ? 'HEX_HORIZONTAL' : 'SQUARE';
  const measurement =
    scene.grid === 'none' || scene.measurement === 'euclidean'
      ? 'EUCLIDEAN'
      : scene.measurement === 'hex'
        ? 'CHEBYSHEV'
        : scene.measurement.toUpperCase();
  return {
    dpi: scene.pixelsPerCell,
    scale: `${scene.unitsPerCell}${scene.unitName}`,
    type,
    measurement,
    origin: scene.hexOrigin ?? { x: 0, y: 0 },
  };
}

/** A system's worked example as Owlbear items: the demo table's tokens, same ids, centres and bases, their side, unit and role in Command Post's tag. */
/** A demo scene (a worked example: its system's id; an army) laid out as Owlbear tokens. */
export function itemsOf(scene: SceneId): Item[] {
  const board = sceneBoard(scene);
  return board.tokens.map((t) =>
    tokenItem(
      {
        id: t.id,
        name: t.name,
        x: t.x,
        y: t.y,
        size: basePx(t.base, board.scene),
        tag: { side: t.side, unit: t.unit, role: t.role, radio: t.radio, base: t.base },
      },
      board.scene.pixelsPerCell,
    ),
  );
}

/**
 * A copy of the built browser extension whose bridge trusts `origin`, as a build made with
 * COMMAND_POST_OWLBEAR_ORIGINS=<origin> is (the production build trusts no localhost frame, and the
 * test host serves the Owlbear extension from one): its bridge content script built again so.
 */
export async function extensionTrusting(origin: string): Promise<{ readonly dir: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'command-post-bridge-'));
  fs.cpSync(extensionDir, dir, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(REPO, 'content', 'owlbear.ts')],
    absWorkingDir: REPO,
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['chrome120'],
    outfile: path.join(dir, 'content-owlbear.js'),
    define: { COMMAND_POST_OWLBEAR_ORIGINS: JSON.stringify([origin]), COMMAND_POST_DEV: 'false' },
    logLevel: 'warning',
  });
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
