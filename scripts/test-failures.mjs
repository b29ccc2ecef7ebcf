// Names the failed tests of a vitest or Playwright JSON report, one line each with the first line of its error, so
// the end of a long log still says what failed.

/** The first line of an error message, without terminal colour codes, at most 200 characters. */
function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- error messages carry terminal colour codes
  const plain = String(text ?? 'failed').replace(/\u001b\[[0-9;]*m/g, '')
  return (plain.split('\n').find((line) => line.trim() !== '') ?? 'failed').trim().slice(0, 200)
}

/** `file › test: error` for each failed test of a vitest JSON report, and each file that failed outside a test. */
export function vitestFailures(report, root) {
  const lines = []
  for (const f of report.testResults ?? []) {
    const file = f.name.startsWith(`${root}/`) ? f.name.slice(root.length + 1) : f.name
    const tests = (f.assertionResults ?? []).filter((a) => a.status === 'failed')
    for (const a of tests) lines.push(`${file} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`)
    if (f.status === 'failed' && tests.length === 0) lines.push(`${file}: ${firstLine(f.message)}`)
  }
  return lines
}

/** Each error of a Playwright JSON report outside its tests (a server that did not start), then each failed or
 * flaky test as `file › describe › test: error`. */
export function playwrightFailures(report) {
  return [...(report.errors ?? []).map((e) => `Playwright: ${firstLine(e.message)}`), ...specFailures(report.suites)]
}

/** Which line of which file failed, and on what element: a bare `toBeVisible() failed` names neither. */
function where(error) {
  if (!error) return ''
  // eslint-disable-next-line no-control-regex -- error messages carry terminal colour codes
  const plain = String(error.message ?? '').replace(/\u001b\[[0-9;]*m/g, '')
  const locator = /^Locator: (.+)$/m.exec(plain)?.[1]?.trim().slice(0, 200)
  const at = error.location ? `${error.location.file.split('/').pop()}:${error.location.line}` : null
  return [locator ? ` (${locator})` : '', at ? ` at ${at}` : ''].join('')
}

function specFailures(suites, titles = []) {
  const lines = []
  for (const suite of suites ?? []) {
    const path = suite.title ? [...titles, suite.title] : titles
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue
        const error = t.results?.find((r) => r.error)?.error
        const flaky = t.status === 'flaky' ? ' (flaky)' : ''
        lines.push(`${[...path, spec.title].join(' › ')}${flaky}: ${firstLine(error?.message)}${where(error)}`)
      }
    }
    lines.push(...specFailures(suite.suites, path))
  }
  return lines
}
