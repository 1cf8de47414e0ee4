// The convergence property (./converge.ts) under the `client` reading of Owlbear's merge: the update spread over the writer's own copy, which may be behind.
import { it } from 'vitest';
import { convergeProperty } from './converge';

it(
  'no honest action lost, changed or doubled, all honest clients equal, whatever the interleaving of honest actions, stale merges, refused writes, reloads, role changes and hostile writes (client merge)',
  () => convergeProperty('client'),
  1_200_000,
);
