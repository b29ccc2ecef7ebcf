import { SMTPServer } from 'smtp-server'
import nodemailer from 'nodemailer'
import type { AddressInfo } from 'node:net'

export type ReceivedMail = { from: string; to: string[]; raw: string }

/**
 * A real SMTP peer on loopback that keeps what it receives, so mail tests read the message the
 * product actually sent (and can make the server refuse with a chosen SMTP code).
 */
export async function startSmtpPeer(opts: { port?: number } = {}) {
  const received: ReceivedMail[] = []
  let refuseWith: { code: number; message: string } | null = null
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        if (refuseWith) {
          const err = Object.assign(new Error(refuseWith.message), { responseCode: refuseWith.code })
          return callback(err)
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  const url = `smtp://127.0.0.1:${port}`
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  return {
    url,
    transport,
    received,
    refuse(code: number, message: string) {
      refuseWith = { code, message }
    },
    accept() {
      refuseWith = null
    },
    /** The decoded text of a quoted-printable message body, for reading links. */
    textOf(mail: ReceivedMail) {
      return mail.raw
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    },
    async close() {
      transport.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
