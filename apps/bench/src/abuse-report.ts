/**
 * `pnpm bench:abuse`: replays issue 19's attacks against the proxy at its default settings and
 * prints, per scenario, the attacker's accepted sends, their cost at the sandbox rate table's fees
 * (0.05 USD where it publishes none) and the share of real users served. Goal: at most 5 USD a
 * day for the attacker in every scenario, at least 99 % of real users served.
 */
import { runScenario, SCENARIOS } from './abuse/run-abuse-scenarios'

const GOAL_USD_PER_DAY = 5
const GOAL_SERVED = 0.99

// Optional filters: run only the scenarios whose name contains one of them.
const only = process.argv.slice(2)
let allMet = true
let beyond = 0
console.info('| scenario | attacker attempts | accepted sends | attacker cost, USD/day | real users served | goal met |')
console.info('|---|---|---|---|---|---|')
for (const scenario of SCENARIOS) {
  if (only.length > 0 && !only.some((part) => scenario.name.includes(part))) continue
  const started = performance.now()
  const r = await runScenario(scenario)
  const measured = scenario.costGoal === false
  const met = r.worstDayUsd <= GOAL_USD_PER_DAY && r.servedShare >= GOAL_SERVED
  if (!measured) allMet &&= met
  if (!measured && !met && scenario.beyondDefaults) beyond++
  const refusals = Object.entries(r.userRefusals).map(([why, n]) => `${n}× ${why}`).join(', ')
  console.info(
    `| ${r.name} | ${r.attempts} | ${r.accepted}${r.verified > 0 ? ` (${r.verified} verified)` : ''} | ${r.costPerDayUsd.toFixed(2)} (worst day ${r.worstDayUsd.toFixed(2)}) | ${r.usersServed}/${r.users} = ${(r.servedShare * 100).toFixed(1)} %${refusals ? ` (${refusals})` : ''} | ${measured ? (scenario.handlerOptions ? 'comparison (defaults changed)' : 'measured (owner served)') : met ? 'yes' : scenario.beyondDefaults ? `NO: beyond the defaults (${scenario.beyondDefaults})` : 'NO'} |`,
  )
  console.error(`${r.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
console.info(`\nGoal: attacker ≤ ${GOAL_USD_PER_DAY} USD a day in every scenario, real users ≥ ${GOAL_SERVED * 100} % served. ${allMet ? 'Met.' : `NOT met${beyond > 0 ? ` (${beyond} beyond what defaults can stop without refusing real users: docs/guides/security.mdx)` : ''}.`}`)
