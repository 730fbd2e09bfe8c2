// `npm run fuzz [rounds]`: the property tests (test/unit) again and again,
// each round on a fresh random seed; `npm test` always uses one fixed seed
// (test/unit/fastCheck.setup.ts). Stops at the first failing round and prints
// the command that reproduces it.

import { spawnSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import process from 'node:process'

const FILES = ['test/unit/budgets.test.ts', 'test/unit/callTool.test.ts', 'test/unit/normalize.test.ts', 'test/unit/validate.test.ts']
const rounds = Number(process.argv[2] ?? 20)
if (!Number.isSafeInteger(rounds) || rounds < 1)
  throw new Error(`rounds must be a positive integer, got ${process.argv[2]}`)

for (let round = 1; round <= rounds; round++) {
  const seed = randomInt(-(2 ** 31), 2 ** 31)
  console.log(`fuzz: round ${round} of ${rounds}, FC_SEED=${seed}`)
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'unit', ...FILES], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    // Behaviour only: the type tests have no seed to vary.
    env: { ...process.env, FC_SEED: String(seed), VUE_WEBMCP_BEHAVIOUR_ONLY: '1' },
  })
  if (run.status !== 0) {
    process.stdout.write(run.stdout)
    console.error(`fuzz: round ${round} failed. Reproduce: FC_SEED=${seed} npx vitest run --project unit ${FILES.join(' ')}`)
    process.exit(1)
  }
}
console.log(`fuzz: ${rounds} rounds passed`)
