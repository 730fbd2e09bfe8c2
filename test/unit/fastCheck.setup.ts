// Property tests draw their cases from one fixed seed in `npm test`, so every
// run checks the same cases and a red CI means a regression, not an unlucky
// draw. `npm run fuzz` draws fresh seeds to find new failures; reproduce one
// with `FC_SEED=<seed> npm run test:unit` and keep it as an example test.
import process from 'node:process'
import fc from 'fast-check'

/** The seed `npm test` uses. */
export const FIXED_SEED = 20_261_130

const seed = Number(process.env.FC_SEED ?? FIXED_SEED)
if (!Number.isSafeInteger(seed))
  throw new Error(`FC_SEED must be an integer, got ${JSON.stringify(process.env.FC_SEED)}`)
fc.configureGlobal({ seed })
