// The convergence property (./converge.ts) under the `server` reading of Owlbear's merge: the update spread over the metadata by Owlbear's servers.
import { it } from 'vitest';
import { convergeProperty, evening, type Step } from './converge';

it(
  'no honest action lost, changed or doubled, all honest clients equal, whatever the interleaving of honest actions, stale merges, refused writes, reloads, role changes and hostile writes (server merge)',
  () => convergeProperty('server'),
  1_200_000,
);

// One evening again, under either merge (OWLBEAR_REPLAY='{"mode":"client","steps":[…],"storage":false,"forged":false}', forged: the scene forged before anyone starts), to follow a counterexample.
const REPLAY = process.env.OWLBEAR_REPLAY;
if (REPLAY) {
  it('replays one evening', async () => {
    const { mode, steps, storage, forged } = JSON.parse(REPLAY) as {
      mode: 'server' | 'client';
      steps: Step[];
      storage?: boolean;
      forged?: boolean;
    };
    await evening(mode, steps, storage ?? true, forged ?? false);
  });
}
