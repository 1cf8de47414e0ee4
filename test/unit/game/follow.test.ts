import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogFollower } from '../../../src/game/follow';
import { append, emptyLog, redo, replay, undo, type EventLog } from '../../../src/game/log';
import { hdCommand, type HdConfig, type HdEvent, type HdState } from '../../../src/rules/hd-command';

/*
 * The popup follows a game from one stored version to the next (each one a fresh copy) instead of
 * replaying it whole. Whatever happens to the log (appends, undos, redos, a new event over undone
 * ones, other settings), what it shows must be exactly what a full replay gives.
 */
type Line = { n: number; current: number };
const describeStep = (_before: HdState, _event: HdEvent, after: HdState): Line => ({
  n: after.turn,
  current: after.sides.A.current,
});

const config = fc.record({
  edition: fc.constantFrom('gestion' as const, 'commandement' as const),
  houseRules: fc.constant(hdCommand.defaultConfig.houseRules),
});
const event: fc.Arbitrary<HdEvent> = fc.oneof(
  fc.record({ type: fc.constant('upkeep' as const) }),
  fc.record({
    type: fc.constant('spend' as const),
    side: fc.constantFrom('A' as const, 'B' as const),
    amount: fc.integer({ min: 0, max: 3 }),
    permanent: fc.boolean(),
  }),
);
const step = fc.oneof(
  { weight: 6, arbitrary: event.map((e) => ({ kind: 'event' as const, e })) },
  { weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'redo' as const }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }).map((n) => ({ kind: 'jump' as const, n })) },
  { weight: 1, arbitrary: config.map((c) => ({ kind: 'config' as const, c })) },
  // Another game with the same settings (an imported game, the demo table's example).
  { weight: 1, arbitrary: fc.array(event, { maxLength: 80 }).map((events) => ({ kind: 'replace' as const, events })) },
);

const start = (cfg: HdConfig) => {
  let log: EventLog<HdEvent> = emptyLog();
  let state = hdCommand.initialState(cfg);
  const setup: HdEvent[] = [
    {
      type: 'rosterSet',
      side: 'A',
      fighters: [
        { name: 'chef', cmd: 5 },
        { name: 'sergent', cmd: 3 },
      ],
    },
    { type: 'rosterSet', side: 'B', fighters: [{ name: 'chef', cmd: 4 }] },
    { type: 'start' },
  ];
  for (const e of setup) {
    const r = append(hdCommand, state, log, e);
    if (!r.ok) throw new Error(r.error.code);
    ({ log, state } = r.value);
  }
  return log;
};

describe('LogFollower', () => {
  it('shows what a full replay shows, whatever happens to the log between two versions', () => {
    fc.assert(
      fc.property(config, fc.array(step, { maxLength: 200 }), (cfg0, steps) => {
        let cfg = cfg0;
        let log = start(cfg);
        const follower = new LogFollower(hdCommand, describeStep);
        for (const s of steps) {
          if (s.kind === 'event') {
            const now = replay(hdCommand, cfg, log);
            if (!now.ok) throw new Error('the reference replay refused its own log');
            const r = append(hdCommand, now.value, log, s.e);
            if (r.ok) log = r.value.log;
          } else if (s.kind === 'undo') {
            const r = undo(log);
            if (r.ok) log = r.value;
          } else if (s.kind === 'redo') {
            const r = redo(log);
            if (r.ok) log = r.value;
          } else if (s.kind === 'jump') {
            log = { ...log, cursor: Math.min(s.n, log.events.length) };
          } else if (s.kind === 'replace') {
            log = start(cfg);
            for (const e of s.events) {
              const now = replay(hdCommand, cfg, log);
              const r = now.ok ? append(hdCommand, now.value, log, e) : null;
              if (r?.ok) log = r.value.log;
            }
          } else {
            cfg = s.c;
            const r = replay(hdCommand, cfg, log);
            if (!r.ok) log = start(cfg);
          }
          const expected: Line[] = [];
          const want = replay(hdCommand, cfg, log, (b, e, a) => expected.push(describeStep(b, e, a)));
          // Each version reaches the popup as a copy: nothing is recognised by identity.
          const got = follower.follow(structuredClone({ config: cfg, log }));
          expect(got.replayed).toEqual(want);
          expect(got.history).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('words each event once: a long game then one more event describes one line, not the game again', () => {
    let described = 0;
    const follower = new LogFollower(
      hdCommand,
      (b: HdState, e: HdEvent, a: HdState) => (described++, describeStep(b, e, a)),
    );
    const cfg = hdCommand.defaultConfig;
    let log = start(cfg);
    let state = replay(hdCommand, cfg, log);
    for (let i = 0; i < 1000; i++) {
      if (!state.ok) throw new Error('refused');
      const r = append(hdCommand, state.value, log, { type: 'upkeep' });
      if (!r.ok) throw new Error(r.error.code);
      log = r.value.log;
      state = { ok: true, value: r.value.state };
    }
    follower.follow(structuredClone({ config: cfg, log }));
    expect(described).toBe(1003);
    if (!state.ok) throw new Error('refused');
    const r = append(hdCommand, state.value, log, { type: 'spend', side: 'A', amount: 1, permanent: false });
    if (!r.ok) throw new Error(r.error.code);
    const after = follower.follow(structuredClone({ config: cfg, log: r.value.log }));
    expect(described).toBe(1004);
    expect(after.history).toHaveLength(1004);
    // Undo then redo: nothing to word again, the state is the one a replay gives.
    follower.follow(structuredClone({ config: cfg, log: { ...r.value.log, cursor: 1003 } }));
    const redone = follower.follow(structuredClone({ config: cfg, log: r.value.log }));
    expect(described).toBe(1004);
    expect(redone.replayed).toEqual(replay(hdCommand, cfg, r.value.log));
  });

  it('names the refused event of a damaged log, as replay does', () => {
    const cfg = hdCommand.defaultConfig;
    const log = start(cfg);
    const damaged = {
      events: [...log.events, { type: 'spend', side: 'A', amount: 99, permanent: false } as HdEvent],
      cursor: 4,
    };
    const follower = new LogFollower(hdCommand, describeStep);
    expect(follower.follow({ config: cfg, log: damaged }).replayed).toEqual(replay(hdCommand, cfg, damaged));
  });
});
