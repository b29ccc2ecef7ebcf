import { PassThrough } from 'node:stream'
import { once } from 'node:events'
import { describe, expect, it } from 'vitest'
import { inlineParameters } from '../../src/db/copy-csv.js'
import { crlfRecordEnds, csvFromCopy } from '../../src/features/reports/csv.js'

/*
 * The pieces of the COPY way of writing a CSV: its record ends made CRLF whatever the chunks' boundaries, and a
 * query's values written into its text as literals.
 */

describe('crlfRecordEnds', () => {
  const copyOutput = '1,plain,\n2,"two\nlines",""\n3,"a ""quoted"" word\n",x\n4,"ends, with a quote""",\n'
  const expected = '1,plain,\r\n2,"two\nlines",""\r\n3,"a ""quoted"" word\n",x\r\n4,"ends, with a quote""",\r\n'

  it('ends records with CRLF and leaves the line breaks of quoted cells alone', () => {
    expect(crlfRecordEnds()(Buffer.from(copyOutput)).toString()).toBe(expected)
  })

  it('gives the same bytes whatever the chunks are cut at', () => {
    const bytes = Buffer.from(copyOutput)
    for (let size = 1; size <= bytes.length; size++) {
      const crlf = crlfRecordEnds()
      const out: Buffer[] = []
      for (let i = 0; i < bytes.length; i += size) out.push(crlf(bytes.subarray(i, i + size)))
      expect(Buffer.concat(out).toString(), `chunks of ${size}`).toBe(expected)
    }
  })
})

describe('inlineParameters', () => {
  it('writes each value as a quoted literal, the text of a value never read as a placeholder', () => {
    const text = inlineParameters({
      sql: 'select * from t where a = $1 and b in ($2, $3) and c >= $4 and d = $5 and e is $6 limit $10',
      parameters: [7, "O'Brien $2", 'back\\slash', new Date('2026-11-27T10:00:00.123Z'), true, null, 0, 0, 0, 1000],
    })
    expect(text).toBe(
      "select * from t where a = '7' and b in ('O''Brien $2',  E'back\\\\slash') and c >= '2026-11-27T10:00:00.123Z'" +
        " and d = 'true' and e is NULL limit '1000'",
    )
  })

  it('refuses a value it cannot write and a placeholder without a value', () => {
    expect(() => inlineParameters({ sql: 'select $1', parameters: [{ a: 1 }] })).toThrow(/cannot be written/)
    expect(() => inlineParameters({ sql: 'select $2', parameters: [1] })).toThrow(/no parameter/)
  })
})

describe('csvFromCopy', () => {
  it('ends the COPY when the file is ended before its rows were read, and passes a whole one through', async () => {
    const early = new PassThrough()
    early.write('1,a\n')
    const cut = csvFromCopy(['n', 't'], early)
    cut.destroy()
    await once(early, 'close')
    expect(early.destroyed).toBe(true)

    const whole = new PassThrough()
    whole.end('1,"a\nb"\n2,c\n')
    const chunks: Buffer[] = []
    for await (const chunk of csvFromCopy(['n', 't'], whole)) chunks.push(chunk as Buffer)
    expect(Buffer.concat(chunks).toString()).toBe('\uFEFFn,t\r\n1,"a\nb"\r\n2,c\r\n')
  })
})
