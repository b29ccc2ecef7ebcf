import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely'

/**
 * A statement that changed rows of `table`: `columns` names the columns an UPDATE sets, null when whole rows may
 * have changed (DELETE, or a raw SQL statement that updates or deletes).
 */
export type TableWrite = { table: string; columns: readonly string[] | null }

type Listener = (write: TableWrite) => void

type Node = OperationNode & Record<string, unknown>

/** `users`, `users as u` and `public.users` all name `users`. */
function tableName(node: unknown): string | undefined {
  const n = node as Node | undefined
  if (!n) return undefined
  if (n.kind === 'AliasNode') return tableName(n.node)
  if (n.kind === 'TableNode') return tableName(n.table)
  if (n.kind === 'SchemableIdentifierNode') return tableName(n.identifier)
  if (n.kind === 'IdentifierNode') return n.name as string
  return undefined
}

const RAW_WRITE = /\b(?:update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi

/**
 * Sees every statement that goes through Kysely (services and tests alike) and tells listeners which tables an
 * UPDATE or DELETE touched, before it runs and again once it has run. In-process caches of rows use it to drop
 * what this process is changing without every writer having to remember them.
 */
export function createWriteObserver() {
  const listeners = new Set<Listener>()
  const pending = new WeakMap<object, TableWrite[]>()
  /** Raw statements come from template literals: their fragment arrays are the same object on every call. */
  const rawTables = new WeakMap<readonly string[], string[]>()

  function writesOf(node: Node): TableWrite[] {
    if (node.kind === 'UpdateQueryNode') {
      const table = tableName(node.table)
      if (!table) return []
      const updates = (node.updates ?? []) as { column: { column: { name: string } } }[]
      return [{ table, columns: updates.map((u) => u.column.column.name) }]
    }
    if (node.kind === 'DeleteQueryNode') {
      const froms = ((node.from as { froms?: unknown[] } | undefined)?.froms ?? []).map(tableName)
      return froms.filter((t): t is string => t !== undefined).map((table) => ({ table, columns: null }))
    }
    if (node.kind === 'RawNode') {
      const fragments = node.sqlFragments as readonly string[]
      let tables = rawTables.get(fragments)
      if (!tables) {
        tables = [...fragments.join(' ').matchAll(RAW_WRITE)].map((m) => (m[1] as string).toLowerCase())
        rawTables.set(fragments, tables)
      }
      return tables.map((table) => ({ table, columns: null }))
    }
    return []
  }

  const tell = (writes: TableWrite[]) => {
    for (const write of writes) for (const listener of listeners) listener(write)
  }

  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }: PluginTransformQueryArgs) {
      if (listeners.size > 0) {
        const writes = writesOf(node as unknown as Node)
        if (writes.length > 0) {
          tell(writes)
          pending.set(queryId, writes)
        }
      }
      return node
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs) {
      const writes = pending.get(queryId)
      if (writes) {
        pending.delete(queryId)
        tell(writes)
      }
      return result
    },
  }

  return {
    plugin,
    /** Calls `listener` for each table an UPDATE or DELETE touches; returns the function that stops it. */
    onWrite(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
