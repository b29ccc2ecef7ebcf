import { connect } from 'node:net'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config.js'
import { openDatabase } from '../db/database.js'
import { migrate } from '../db/migrate.js'
import { createRollupRoller } from '../features/analytics/rollup/roller.js'
import { createVoiceStorage } from '../features/media/voice-storage.js'
import { generateDemo, removeDemos, type DemoResult } from './generate.js'
import { DEFAULT_PARAMS, scaleParams } from './params.js'

const HELP = `npm run demo [-- options]

Creates a demo organization with ${DEFAULT_PARAMS.days} days of activity in the database \`npm start\` uses
(DATABASE_URL, or the embedded database under DATA_DIR). Each run creates a new organization.

  --seed <n>        random seed (default ${DEFAULT_PARAMS.seed}); the same seed gives the same activity
  --scale <x>       multiplies the volumes (chats, customers, issues, responses; default 1)
  --days <n>        days of history (default ${DEFAULT_PARAMS.days})
  --chats-per-day <n>       average chats a day before scaling (default ${DEFAULT_PARAMS.chatsPerDay})
  --messages-per-chat <n>   average messages a chat (default ${DEFAULT_PARAMS.messagesPerChat})
  --name <text>     the organization's name (default "Northwind Outdoor (demo)", numbered when taken)
  --password <pw>   the staff's password (default: generated and shown once)
  --remove          delete every demo organization, its customers and recordings, instead
`

/** Whether something listens on the port (the server, which holds the embedded database open). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1' })
    const finish = (open: boolean) => {
      socket.destroy()
      done(open)
    }
    socket.setTimeout(500, () => finish(false))
    socket.once('connect', () => finish(true))
    socket.once('error', () => finish(false))
  })
}

function report(result: DemoResult, url: string): string {
  const n = (k: string) => (result.counts[k] ?? 0).toLocaleString('en-US')
  const admin = result.staff.find((s) => s.userType === 'admin')!
  const employees = result.staff.filter((s) => s.userType === 'employee')
  return [
    `Demo organization "${result.name}" created in ${(result.ms / 1000).toFixed(1)} s:`,
    `  ${n('chats')} chats, ${n('messages')} messages (${n('voice_messages')} voice), ${n('chat_events')} chat events,`,
    `  ${n('customers_chatting')} customers chatting, ${n('visitors')} visitors, ${n('memberships')} community memberships,`,
    `  ${n('issues')} issues, ${n('comments')} comments, ${n('reactions')} reactions, ${n('surveys')} surveys with ${n('survey_responses')} responses.`,
    '',
    `Start Proxima (npm start), open ${url}/auth/login and sign in with:`,
    `  email:    ${admin.email}   (admin)`,
    result.generatedPassword
      ? `  password: ${result.password}   (shown once; change it under Profile)`
      : '  password: the one you gave with --password',
    `Employees, same password: ${employees.map((e) => e.email).join(', ')}`,
    'Remove every demo organization with: npm run demo -- --remove',
  ].join('\n')
}

async function main() {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string' },
      scale: { type: 'string' },
      days: { type: 'string' },
      'chats-per-day': { type: 'string' },
      'messages-per-chat': { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      remove: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(HELP)
    return
  }
  const config = loadConfig()
  if (!config.databaseUrl && (await portInUse(config.port)))
    throw new Error(
      `something is running on port ${config.port}. If it is Proxima, stop it first: the embedded database ` +
        'can be open in one process at a time.',
    )
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : resolve(config.dataDir, 'pglite'),
    poolMax: 2,
  })
  try {
    await migrate(database)
    const storage = createVoiceStorage(config.voiceStorage, config.dataDir)
    if (values.remove) {
      const removed = await removeDemos(database, storage)
      process.stdout.write(
        removed.length ? `Removed: ${removed.map((n) => `"${n}"`).join(', ')}\n` : 'No demo organization found.\n',
      )
      return
    }
    let params = { ...DEFAULT_PARAMS }
    if (values.seed !== undefined) params.seed = Number(values.seed)
    if (values.days !== undefined) params.days = Number(values.days)
    if (values['chats-per-day'] !== undefined) params.chatsPerDay = Number(values['chats-per-day'])
    if (values['messages-per-chat'] !== undefined) params.messagesPerChat = Number(values['messages-per-chat'])
    if (values.scale !== undefined) params = scaleParams(params, Number(values.scale))
    process.stdout.write(`Creating a demo organization with ${params.days} days of activity…\n`)
    const result = await generateDemo(database, {
      params,
      storage,
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.password !== undefined ? { password: values.password } : {}),
    })
    // Fresh statistics, so that the planner sees the new rows at once rather than after autovacuum's next pass
    // (until then the analytics' queries over a large new organization may pick slow plans). Once per command:
    // callers that generate several organizations (the benchmark) analyze once at the end.
    await database.session((run) => run('ANALYZE'))
    // The server rolls new history up in the background too; doing it here makes the first analytics view fast.
    await createRollupRoller(database.adHoc).catchUp()
    process.stdout.write(`\n${report(result, config.appBaseUrl)}\n\n`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`The demo could not be created: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
