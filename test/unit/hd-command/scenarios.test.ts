import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFailure, parseScenario, runScenario } from '../../../src/scenario/run';

const root = join(__dirname, '../../scenarios');
const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('scenario files (test/scenarios)', () => {
  it('include the Hell Dorado Command vectors', () => {
    expect(files.filter((f) => f.startsWith('hd-command')).length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)('%s plays as written', (file) => {
    const scenario = parseScenario(JSON.parse(readFileSync(join(root, file), 'utf8')));
    if (!scenario.ok) throw new Error(`${file}: ${JSON.stringify(scenario.error)}`);
    const run = runScenario(scenario.value);
    if (run.failure) throw new Error(formatFailure(run.failure, file));
    expect(run.outcomes).toHaveLength(scenario.value.steps.length);
  });
});

describe('the scenario runner', () => {
  const base = {
    system: 'hd-command',
    steps: [
      { event: { type: 'rosterSet', side: 'A', fighters: [{ name: 'chef', cmd: 3 }] } },
      { event: { type: 'start' }, expect: { sides: { A: { base: 3, current: 3 } } } },
    ],
  };
  const run = (raw: unknown) => {
    const parsed = parseScenario(raw);
    if (!parsed.ok) throw new Error('not a scenario');
    return runScenario(parsed.value);
  };

  it('passes a scenario whose expectations hold', () => {
    expect(run(base).failure).toBeNull();
  });

  it('reports a wrong expectation with the path, expected and actual values', () => {
    const bad = structuredClone(base);
    bad.steps[1]!.expect = { sides: { A: { base: 4, current: 3 } } };
    const failure = run(bad).failure;
    expect(failure).toMatchObject({ step: 2, reason: 'state-mismatch' });
    expect(failure!.mismatches).toEqual([{ path: 'sides.A.base', expected: 4, actual: 3 }]);
    expect(formatFailure(failure!)).toContain('- expected 4');
  });

  it('fails when an expected refusal does not happen, or a different one does', () => {
    const accepted = { ...base, steps: [...base.steps, { event: { type: 'upkeep' }, reject: 'game-not-started' }] };
    expect(run(accepted).failure?.reason).toBe('expected-refusal');
    const wrong = {
      ...base,
      steps: [
        ...base.steps,
        { event: { type: 'spend', side: 'A', amount: 9, permanent: false }, reject: 'amount-invalid' },
      ],
    };
    expect(run(wrong).failure?.reason).toBe('wrong-refusal');
    const unexpected = {
      ...base,
      steps: [...base.steps, { event: { type: 'spend', side: 'A', amount: 9, permanent: false } }],
    };
    expect(run(unexpected).failure?.reason).toBe('unexpected-refusal');
  });

  it('rejects malformed events and unknown systems', () => {
    expect(run({ system: 'hd-command', steps: [{ event: { type: 'spend', side: 'C' } }] }).failure?.reason).toBe(
      'malformed',
    );
    expect(run({ system: 'chess', steps: [{ event: {} }] }).failure?.reason).toBe('malformed');
    expect(parseScenario({ system: 'hd-command', steps: [] }).ok).toBe(false);
  });
});
