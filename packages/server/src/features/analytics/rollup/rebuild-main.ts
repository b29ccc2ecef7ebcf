/**
 * `npm run analytics:rebuild -- --tenant <id>` rolls one organization's analytics rollups up again from its chats;
 * `--all` drops every rollup and rolls all history up again (after a migration that changes what they hold, or a
 * repair). Analytics stay exact meanwhile (what is not rolled up yet is read from the chats themselves), only slower.
 * It uses the same database as the server (DATABASE_URL, else the embedded one, which must not be open elsewhere).
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../../../config.js'
import { openDatabase } from '../../../db/database.js'
import { migrate } from '../../../db/migrate.js'
import { createRollupRoller } from './roller.js'

const HELP = `Rebuilds the analytics rollups.

  npm run analytics:rebuild -- --tenant <id>   one organization
  npm run analytics:rebuild -- --all           every organization, from scratch
`

async function main() {
  const { values } = parseArgs({
    options: { tenant: { type: 'string' }, all: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  })
  const tenantId = values.tenant === undefined ? undefined : Number(values.tenant)
  if (values.help || (tenantId === undefined) === !values.all) {
    process.stdout.write(HELP)
    if (!values.help) process.exitCode = 2
    return
  }
  if (tenantId !== undefined && !(Number.isSafeInteger(tenantId) && tenantId > 0))
    throw new Error(`--tenant takes an organization id (a positive whole number), not "${values.tenant}"`)
  const config = loadConfig()
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
    poolMax: 2,
  })
  try {
    await migrate(database)
    const roller = createRollupRoller(database.adHoc)
    const started = performance.now()
    if (tenantId === undefined) await roller.rebuildAll()
    else {
      const hours = await roller.rebuildTenant(tenantId)
      process.stdout.write(`Organization ${tenantId}: ${hours} hours rolled up again.\n`)
    }
    process.stdout.write(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`The rollups could not be rebuilt: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
