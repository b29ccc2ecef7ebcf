import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * A stand-in for a customer's website on its own origin (another port), embedding the widget's snippet. Its
 * style sheet is deliberately hostile, to show that it cannot reach inside the widget.
 */
export async function startWidgetHost(scriptSrc: string, widgetKey: string) {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Harbour Supplies</title>
<style>
  * { font-family: serif !important; }
  button { all: unset; background: hotpink !important; }
  div { display: inline !important; }
</style>
</head>
<body>
<h1>Harbour Supplies</h1>
<p>Ropes, sails and everything else for your boat.</p>
<script src="${escape(scriptSrc)}" data-tenant="${escape(widgetKey)}" async></script>
</body>
</html>`
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(html)
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      res.end('Not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
