// A second instance of the built app for journeys that need another configuration (e.g. an external AI
// provider): its own port, a fresh PGlite folder, the first admin from the environment; stopped after the test.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { FIRST_ADMIN } from './helpers.js'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

/** Starts `packages/server/dist/src/main.js` with `env` added and waits until `/readyz` answers 200. */
export async function startAppInstance(env: Record<string, string>) {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'proxima-e2e-ai-'))
  const baseURL = `http://127.0.0.1:${port}`
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_BASE_URL: baseURL,
    ADMIN_EMAIL: FIRST_ADMIN.email,
    ADMIN_PASSWORD: FIRST_ADMIN.password,
    ADMIN_ORGANIZATION: 'Proxima Demo',
    RATE_LIMITS: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  }
  // This instance keeps its data in PGlite even when the suite runs on PostgreSQL.
  delete childEnv.DATABASE_URL
  const child = spawn(process.execPath, ['packages/server/dist/src/main.js'], { stdio: 'inherit', env: childEnv })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const deadline = Date.now() + 90_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The app instance exited with code ${child.exitCode}.`)
      const ready = await fetch(`${baseURL}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready) break
      if (Date.now() > deadline) throw new Error('The app instance did not become ready within 90 seconds.')
      await new Promise((r) => setTimeout(r, 250))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { baseURL, stop }
}
