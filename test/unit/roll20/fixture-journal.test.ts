// @vitest-environment node
// The Roll20 fixture's journal (test/fixtures/roll20/journal.ts, journal-relay.ts): its rules alone,
// then the relay over HTTP the way fake-roll20.js uses it (the editor page's session token, the
// event stream, the ordered sends): enforcement on and off, the size limit, per-attribute order
// under jitter, the token check, who sees what, online status, and nothing left after close.
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalGame, fid, type JournalChange } from '../../fixtures/roll20/journal';
import { startFixtureServer, type FixtureServer } from '../../fixtures/roll20/server';

const PLAYERS = [
  { ref: 'pA', name: 'Alice' },
  { ref: 'pB', name: 'Bob' },
  { ref: 'pG', name: 'Gina' },
];
const A = fid('pA');
const B = fid('pB');
const SIDE = fid('side-a');
const TABLE = fid('table');
const OPS = fid('ops-a');
const seeds = () => [
  // Alice's side: hers to edit, everyone's to read; the table: the GM's, everyone's to read; a secret one: Alice's alone.
  {
    ref: 'side-a',
    name: 'Command Post · A',
    controlledby: 'pA',
    inplayerjournals: 'all',
    attribs: [{ ref: 'ops-a', name: 'cp_ops_a', current: '[]' }],
  },
  {
    ref: 'table',
    name: 'Command Post · table',
    controlledby: '',
    inplayerjournals: 'all',
    attribs: [{ ref: 'game', name: 'cp_game', current: '' }],
  },
  { ref: 'secret', name: 'Secret', controlledby: 'pA', inplayerjournals: '' },
];

describe('the journal rules', () => {
  const game = (over = {}) => new JournalGame('g', { players: PLAYERS, gms: ['pG'], characters: seeds(), ...over });
  const save = (current: string, id = OPS, character = SIDE): JournalChange => ({
    op: 'attr-save',
    character,
    id,
    attrs: { current },
  });

  it("enforced: the GM and the controllers write attributes, nobody else; characters are the GM's", () => {
    const g = game();
    expect(g.apply('pA', save('[1]'))).toEqual({ accepted: true });
    expect(g.apply('pG', save('[2]'))).toEqual({ accepted: true });
    expect(g.apply('pB', save('[3]'))).toEqual({ accepted: false, why: 'not-controller' });
    expect(
      g.apply('pA', {
        op: 'attr-create',
        character: TABLE,
        id: fid('x'),
        attrs: { name: 'cp_game', current: 'forged' },
      }),
    ).toEqual({ accepted: false, why: 'not-controller' });
    expect(g.apply('pA', { op: 'attr-destroy', character: TABLE, id: fid('game') })).toEqual({
      accepted: false,
      why: 'not-controller',
    });
    expect(g.apply('pA', { op: 'char-save', id: SIDE, attrs: { controlledby: `${A},${B}` } })).toEqual({
      accepted: false,
      why: 'not-gm',
    });
    expect(g.apply('pA', { op: 'char-destroy', id: TABLE })).toEqual({ accepted: false, why: 'not-gm' });
    expect(g.apply('pA', { op: 'char-create', id: fid('mine'), attrs: { name: 'Mine' } })).toEqual({
      accepted: false,
      why: 'not-gm',
    });
    expect(g.apply('pG', { op: 'char-save', id: SIDE, attrs: { controlledby: 'all' } })).toEqual({ accepted: true });
    // `all` in controlledby: anyone.
    expect(g.apply('pB', save('[4]'))).toEqual({ accepted: true });
    expect(g.attrFields(SIDE, OPS)?.current).toBe('[4]');
    expect(g.refusals.map((r) => [r.who, r.why])).toEqual([
      ['pB', 'not-controller'],
      ['pA', 'not-controller'],
      ['pA', 'not-controller'],
      ['pA', 'not-gm'],
      ['pA', 'not-gm'],
      ['pA', 'not-gm'],
    ]);
    expect(g.refusals[0]!.what).toEqual(save('[3]'));
  });

  it("not enforced (the table trusts its players): any player's saves go, creating characters stays the GM's", () => {
    const g = game({ enforce: false });
    expect(g.apply('pB', save('[b]'))).toEqual({ accepted: true });
    expect(g.apply('pB', { op: 'attr-save', character: TABLE, id: fid('game'), attrs: { current: 'forged' } })).toEqual(
      { accepted: true },
    );
    expect(g.apply('pB', { op: 'char-save', id: SIDE, attrs: { controlledby: B } })).toEqual({ accepted: true });
    expect(g.apply('pB', { op: 'char-create', id: fid('bobs'), attrs: { name: "Bob's" } })).toEqual({
      accepted: false,
      why: 'not-gm',
    });
    g.update({ playersCreateCharacters: true });
    expect(g.apply('pB', { op: 'char-create', id: fid('bobs'), attrs: { name: "Bob's" } })).toEqual({ accepted: true });
    expect(g.canSee('pB', fid('bobs'))).toBe(true);
    expect(g.canSee('pA', fid('bobs'))).toBe(false);
  });

  it('a value longer than attrMax is refused, whoever writes it; the limit can change later', () => {
    const g = game({ attrMax: 8 });
    expect(g.apply('pA', save('12345678'))).toEqual({ accepted: true });
    expect(g.apply('pA', save('123456789'))).toEqual({ accepted: false, why: 'too-large' });
    expect(
      g.apply('pG', {
        op: 'attr-create',
        character: TABLE,
        id: fid('big'),
        attrs: { name: 'x', current: '', max: 'x'.repeat(9) },
      }),
    ).toEqual({ accepted: false, why: 'too-large' });
    g.update({ attrMax: null });
    expect(g.apply('pA', save('x'.repeat(200_000)))).toEqual({ accepted: true });
  });

  it('who sees what: the GM all, a player his journal and what he controls', () => {
    const g = game();
    expect([SIDE, TABLE, fid('secret')].map((c) => [g.canSee('pA', c), g.canSee('pB', c), g.canSee('pG', c)])).toEqual([
      [true, true, true],
      [true, true, true],
      [true, false, true],
    ]);
  });

  it('malformed or misplaced writes', () => {
    const g = game();
    expect(g.apply('pA', { op: 'attr-save', character: SIDE, id: fid('nope'), attrs: { current: '1' } })).toEqual({
      accepted: false,
      why: 'missing',
    });
    expect(g.apply('pA', { op: 'attr-create', character: SIDE, id: OPS, attrs: { name: 'again' } })).toEqual({
      accepted: false,
      why: 'exists',
    });
    expect(g.apply('pA', { op: 'attr-save', character: SIDE, id: OPS, attrs: { current: { nested: 1 } } })).toEqual({
      accepted: false,
      why: 'invalid',
    });
    expect(g.apply('pA', { op: 'attr-save', character: SIDE, id: 'a/b', attrs: { current: '1' } })).toEqual({
      accepted: false,
      why: 'invalid',
    });
    expect(g.apply('nobody', save('1'))).toEqual({ accepted: false, why: 'no-session' });
    expect(g.apply(null, save('1'))).toEqual({ accepted: false, why: 'no-session' });
  });
});

// ---------- over HTTP, as the page does it ----------

let srv: FixtureServer;
const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });
const get = (path: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port: srv.port, path, agent }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
const send = (
  game: string,
  session: string | undefined,
  ops: unknown[],
): Promise<{ status: number; body: { results?: Array<Record<string, unknown>> } }> =>
  new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: srv.port,
        path: `/fixture/journal/${game}/send`,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(body) }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ session, ops }));
  });
/** The editor page for a player: its session token (what stands for the Roll20 login). */
async function login(game: string, player: string): Promise<string> {
  const page = await get(`/editor/?journal=${game}&player=${player}`);
  const token = /<meta name="fx-journal-session" content="([^"]+)">/.exec(page.body)?.[1];
  if (!token) throw new Error(`no session: ${page.body.slice(0, 200)}`);
  return token;
}
type Msg = Record<string, unknown> & { t: string };
/** A page's event stream: every message, and a wait for one. */
function stream(game: string, session: string) {
  const msgs: Msg[] = [];
  const waiters: Array<() => void> = [];
  let res: import('node:http').IncomingMessage | undefined;
  let status = 0;
  const opened = new Promise<void>((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: `/fixture/journal/${game}/stream?session=${encodeURIComponent(session)}`,
          agent: new https.Agent({ rejectUnauthorized: false }),
        },
        (r) => {
          res = r;
          status = r.statusCode!;
          let buf = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => {
            buf += c;
            let i;
            while ((i = buf.indexOf('\n\n')) >= 0) {
              const block = buf.slice(0, i);
              buf = buf.slice(i + 2);
              for (const line of block.split('\n')) if (line.startsWith('data: ')) msgs.push(JSON.parse(line.slice(6)));
              for (const w of waiters.splice(0)) w();
            }
          });
          r.on('error', () => {});
          resolve();
        },
      )
      .on('error', reject);
  });
  const until = async (pred: (m: Msg[]) => boolean, ms = 1500) => {
    const t0 = Date.now();
    while (!pred(msgs)) {
      if (Date.now() - t0 > ms) throw new Error(`timed out; got ${JSON.stringify(msgs).slice(0, 800)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 20);
      });
    }
  };
  return {
    msgs,
    opened,
    status: () => status,
    until,
    /** The first message matching, once it is there. */
    async next(pred: (m: Msg) => boolean, ms?: number) {
      await until((l) => l.some(pred), ms);
      return msgs.find(pred)!;
    },
    close() {
      res?.destroy();
    },
  };
}
let wid = 0;
const w = (change: JournalChange) => ({ wid: `t.${++wid}`, change });

let closed = false;
beforeAll(async () => {
  srv = await startFixtureServer();
});
afterAll(async () => {
  if (!closed) await srv?.close();
  agent.destroy();
});

describe('the journal relay', () => {
  it("a write needs the session of a page load: none, a made-up one or another game's is refused", async () => {
    srv.journal.configure('g1', { players: PLAYERS, gms: ['pG'], characters: seeds() });
    srv.journal.configure('g2', { players: PLAYERS, characters: [] });
    const other = await login('g2', 'pA');
    const before = srv.journal.snapshot('g1');
    const forged = w({ op: 'attr-save', character: SIDE, id: OPS, attrs: { current: 'forged' } });
    for (const session of [undefined, 'made-up', other]) expect((await send('g1', session, [forged])).status).toBe(401);
    expect(srv.journal.snapshot('g1')).toEqual(before);
    expect(srv.journal.refused('g1').map((r) => [r.who, r.why])).toEqual([
      [null, 'no-session'],
      [null, 'no-session'],
      [null, 'no-session'],
    ]);
    // Nor may a stream be opened without one; an unknown player gets no session at all.
    const s = stream('g1', other);
    await s.opened;
    expect(s.status()).toBe(401);
    expect((await get('/editor/?journal=g1&player=pZ')).body).toContain('fx-journal-error');
    // With Alice's own session, Alice's write goes.
    const alice = await login('g1', 'pA');
    const ok = await send('g1', alice, [forged]);
    expect(ok.body.results).toEqual([{ wid: forged.wid, accepted: true }]);
  });

  it("enforcement: a refused save comes back to its writer with the server's value, and reaches nobody; not enforced, it goes to everyone", async () => {
    srv.journal.configure('g3', { players: PLAYERS, gms: ['pG'], characters: seeds() });
    const [alice, bob] = [await login('g3', 'pA'), await login('g3', 'pB')];
    const sa = stream('g3', alice);
    const sb = stream('g3', bob);
    const helloA = await sa.next((m) => m.t === 'hello');
    const helloB = await sb.next((m) => m.t === 'hello');
    expect(helloA).toMatchObject({ me: A, ref: 'pA', gm: false });
    expect((helloA.characters as Array<{ id: string }>).map((c) => c.id).sort()).toEqual(
      [SIDE, TABLE, fid('secret')].sort(),
    );
    expect((helloB.characters as Array<{ id: string }>).map((c) => c.id).sort()).toEqual([SIDE, TABLE].sort());
    // Both listen to the side's attributes (what new BackboneFirebase(character.attribs) asks for).
    await send('g3', alice, [{ listen: SIDE }]);
    await send('g3', bob, [{ listen: SIDE }, { listen: fid('secret') }]);
    const attribs = await sb.next((m) => m.t === 'attribs');
    expect(attribs).toEqual({
      t: 'attribs',
      character: SIDE,
      attribs: [{ id: OPS, attrs: { name: 'cp_ops_a', current: '[]', max: '' } }],
    });
    const bad = w({
      op: 'attr-save',
      character: SIDE,
      id: OPS,
      attrs: { name: 'cp_ops_a', current: '[bob]', max: '' },
    });
    const r = await send('g3', bob, [bad]);
    expect(r.body.results).toEqual([{ wid: bad.wid, accepted: false, why: 'not-controller' }]);
    expect(await sb.next((m) => m.t === 'ack' && m.wid === bad.wid)).toEqual({
      t: 'ack',
      wid: bad.wid,
      ok: false,
      why: 'not-controller',
      value: { name: 'cp_ops_a', current: '[]', max: '' },
    });
    // Alice's own save goes to both, Bob's refused one to nobody.
    const good = w({ op: 'attr-save', character: SIDE, id: OPS, attrs: { current: '[alice]' } });
    await send('g3', alice, [good]);
    await sa.next((m) => m.t === 'ack' && m.wid === good.wid);
    await sb.next((m) => m.t === 'attr' && (m.attrs as { current: string }).current === '[alice]');
    expect(
      [...sa.msgs, ...sb.msgs].some((m) => m.t === 'attr' && (m.attrs as { current: string }).current === '[bob]'),
    ).toBe(false);
    expect(sb.msgs.some((m) => m.t === 'attribs' && m.character === fid('secret'))).toBe(false);
    // The table stops enforcing: Bob's next save goes through to Alice.
    srv.journal.configure('g3', { enforce: false });
    const now = w({ op: 'attr-save', character: SIDE, id: OPS, attrs: { current: '[bob]' } });
    expect((await send('g3', bob, [now])).body.results).toEqual([{ wid: now.wid, accepted: true }]);
    await sa.next((m) => m.t === 'attr' && (m.attrs as { current: string }).current === '[bob]');
    // A write sent again (its answer lost with a cut link) is answered from the record, not made twice.
    expect((await send('g3', bob, [now])).body.results).toEqual([{ wid: now.wid, accepted: true }]);
    await sb.until((l) => l.filter((m) => m.t === 'ack' && m.wid === now.wid).length === 2);
    expect(sa.msgs.filter((m) => m.t === 'attr' && (m.attrs as { current: string }).current === '[bob]')).toHaveLength(
      1,
    );
    // The size limit, over the wire.
    srv.journal.configure('g3', { enforce: true, attrMax: 16 });
    const big = w({ op: 'attr-save', character: SIDE, id: OPS, attrs: { current: 'x'.repeat(17) } });
    expect((await send('g3', alice, [big])).body.results).toEqual([
      { wid: big.wid, accepted: false, why: 'too-large' },
    ]);
    expect(srv.journal.refused('g3').map((r) => [r.who, r.why])).toEqual([
      ['pB', 'not-controller'],
      ['pA', 'too-large'],
    ]);
    expect(srv.journal.snapshot('g3').characters.find((c) => c.id === SIDE)!.attribs[0]!.current).toBe('[bob]');
    sa.close();
    sb.close();
  });

  it('under jitter, messages about one attribute keep their order; about different ones, they may not', async () => {
    srv.journal.configure('g4', {
      players: PLAYERS,
      gms: ['pG'],
      characters: [
        {
          ref: 'all',
          name: 'Shared',
          controlledby: 'all',
          inplayerjournals: 'all',
          attribs: [
            { ref: 'x', name: 'x', current: '0' },
            { ref: 'y', name: 'y', current: '0' },
          ],
        },
      ],
      latencyMs: 2,
      jitterMs: 30,
      seed: 7,
    });
    const [alice, bob] = [await login('g4', 'pA'), await login('g4', 'pB')];
    const sa = stream('g4', alice);
    await sa.next((m) => m.t === 'hello');
    await send('g4', alice, [{ listen: fid('all') }]);
    await sa.next((m) => m.t === 'attribs');
    const N = 25;
    const ops = [];
    for (let i = 1; i <= N; i++)
      for (const a of ['x', 'y'])
        ops.push(w({ op: 'attr-save', character: fid('all'), id: fid(a), attrs: { current: String(i) } }));
    // In a few sends, as a page's link would carry them.
    for (let k = 0; k < ops.length; k += 10) await send('g4', bob, ops.slice(k, k + 10));
    await sa.until((l) => l.filter((m) => m.t === 'attr').length === 2 * N, 2000);
    const got = sa.msgs
      .filter((m) => m.t === 'attr')
      .map((m) => [m.id === fid('x') ? 'x' : 'y', Number((m.attrs as { current: string }).current)] as const);
    for (const a of ['x', 'y'])
      expect(got.filter(([k]) => k === a).map(([, v]) => v)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    // Sent x1 y1 x2 y2…: somewhere a later one overtook an earlier one about the other attribute.
    const sentAt = (k: string, v: number) => 2 * (v - 1) + (k === 'y' ? 1 : 0);
    expect(got.some(([k, v], i) => i > 0 && sentAt(k, v) < sentAt(...got[i - 1]!))).toBe(true);
    expect(srv.journal.snapshot('g4').characters[0]!.attribs.map((a) => a.current)).toEqual([String(N), String(N)]);
    sa.close();
  });

  it('characters come and go with what each player may see; players with their streams', async () => {
    srv.journal.configure('g5', { players: PLAYERS, gms: ['pG'], characters: seeds() });
    const [bob, gina] = [await login('g5', 'pB'), await login('g5', 'pG')];
    const sb = stream('g5', bob);
    const sg = stream('g5', gina);
    const helloG = await sg.next((m) => m.t === 'hello');
    expect(helloG.gm).toBe(true);
    expect(helloG.characters).toHaveLength(3);
    await sb.next((m) => m.t === 'hello');
    expect(srv.journal.online('g5').sort()).toEqual(['pB', 'pG']);
    // The GM shows Bob the secret character: it arrives; hides the table: it goes.
    const show = w({ op: 'char-save', id: fid('secret'), attrs: { inplayerjournals: B } });
    await send('g5', gina, [show]);
    expect(await sb.next((m) => m.t === 'char')).toEqual({
      t: 'char',
      id: fid('secret'),
      attrs: { name: 'Secret', controlledby: A, inplayerjournals: B, archived: false },
    });
    srv.journal.write('g5', 'pG', { op: 'char-save', id: TABLE, attrs: { inplayerjournals: 'pA' } });
    expect(await sb.next((m) => m.t === 'char-gone')).toEqual({ t: 'char-gone', id: TABLE });
    // A GM-created character, shown to all.
    const made = fid('new-char');
    await send('g5', gina, [w({ op: 'char-create', id: made, attrs: { name: 'New', inplayerjournals: 'all' } })]);
    await sb.next((m) => m.t === 'char' && m.id === made);
    // A hostile page script writing as Bob: refused, and recorded.
    expect(srv.journal.write('g5', 'pB', { op: 'char-destroy', id: made })).toEqual({ accepted: false, why: 'not-gm' });
    expect(srv.journal.refused('g5')).toEqual([{ who: 'pB', what: { op: 'char-destroy', id: made }, why: 'not-gm' }]);
    // Bob's browser goes: the GM hears it.
    sb.close();
    expect(await sg.next((m) => m.t === 'player' && m.online === false)).toEqual({
      t: 'player',
      id: B,
      displayname: 'Bob',
      online: false,
    });
    sg.close();
  });

  it('nothing of any game is left when the server closes', async () => {
    expect(srv.journal.snapshot('g1').characters).toHaveLength(3);
    await srv.close();
    closed = true;
    for (const g of ['g1', 'g2', 'g3', 'g4', 'g5']) expect(() => srv.journal.snapshot(g)).toThrow(/no game/);
  });
});
