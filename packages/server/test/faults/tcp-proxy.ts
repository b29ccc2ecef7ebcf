import net from 'node:net'
import type { AddressInfo } from 'node:net'

/**
 * A TCP proxy on loopback that a test controls: it forwards to `target` until `cut()`, which resets every open
 * connection and refuses new ones (what a database restart, a failover or a network blip does to a client), and
 * forwards again after `restore()`.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const open = new Set<net.Socket>()
  let refusing = false
  const server = net.createServer((inbound) => {
    if (refusing) {
      inbound.resetAndDestroy()
      return
    }
    const outbound = net.connect(target)
    open.add(inbound)
    open.add(outbound)
    const drop = () => {
      open.delete(inbound)
      open.delete(outbound)
      inbound.destroy()
      outbound.destroy()
    }
    inbound.on('error', drop).on('close', drop)
    outbound.on('error', drop).on('close', drop)
    inbound.pipe(outbound)
    outbound.pipe(inbound)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    /** Connections forwarded now (each counts its two sockets once). */
    connections: () => open.size / 2,
    cut() {
      refusing = true
      for (const s of open) if (!s.destroyed) s.resetAndDestroy()
      open.clear()
    },
    restore() {
      refusing = false
    },
    async close() {
      this.cut()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
