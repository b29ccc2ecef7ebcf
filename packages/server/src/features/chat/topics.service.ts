import type { z } from 'zod'
import type { TopicCreate, TopicListQuery, TopicUpdate } from '@proxima/contracts'
import type { Db } from '../../db/database.js'
import type { Actor, StaffActor } from '../../http/actor.js'
import { isoRequired, type Clock } from '../../lib/clock.js'
import { assertFound, conflict, isUniqueViolation, notFound } from '../../lib/errors.js'
import { page } from '../../lib/pagination.js'
import { categoryExists } from './categories.queries.js'
import { readableTenant } from './tenant-scope.js'
import {
  deleteTopic,
  findTopicDetail,
  insertTopic,
  listTopics,
  updateTopic,
  type TopicRow,
  type TopicValues,
} from './topics.queries.js'

const nameTaken = () =>
  conflict('topic.name_taken', 'A topic with this name already exists.', {
    name: ['A topic with this name already exists.'],
  })

/** Keywords are kept once each (case-insensitively), in the order given. */
const dedupe = (keywords: string[]) =>
  keywords.filter((k, i) => keywords.findIndex((x) => x.toLowerCase() === k.toLowerCase()) === i)

const present = (t: TopicRow) => ({
  topic_id: t.id,
  name: t.name,
  description: t.description,
  category_id: t.category_id,
  category_name: t.category_name,
  keywords: t.keywords,
  is_active: t.is_active,
  created_at: isoRequired(t.created_at),
  updated_at: isoRequired(t.updated_at),
})

/** What chats are about; their keywords drive automatic topic detection. */
export function createTopicService({ db, clock }: { db: Db; clock: Clock }) {
  /** Customers see only active topics. */
  async function list(actor: Actor, q: z.infer<typeof TopicListQuery>) {
    const tenantId = await readableTenant(db, actor, q.tenant_id)
    const { total, rows } = await listTopics(db, tenantId, {
      ...q,
      is_active: actor.kind !== 'staff' ? true : q.is_active,
    })
    return page(rows.map(present), { limit: q.limit, offset: q.offset, total })
  }

  const get = async (tenantId: number, id: number) => present(assertFound(await findTopicDetail(db, tenantId, id)))

  async function checkCategory(tenantId: number, categoryId: number | null | undefined) {
    if (categoryId === undefined || categoryId === null) return
    if (!(await categoryExists(db, tenantId, categoryId))) throw notFound()
  }

  /** A unique name: the tenant's other topic with it answers 409. */
  async function written<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (err) {
      if (isUniqueViolation(err, 'chat_topics_name_key')) throw nameTaken()
      throw err
    }
  }

  async function create(actor: StaffActor, input: z.infer<typeof TopicCreate>) {
    await checkCategory(actor.tenantId, input.category_id)
    const values: TopicValues = {
      name: input.name,
      category_id: input.category_id ?? null,
      description: input.description ?? null,
      keywords: dedupe(input.keywords ?? []),
      is_active: input.is_active ?? true,
    }
    const id = await written(() => insertTopic(db, actor.tenantId, values, clock.now()))
    return get(actor.tenantId, id)
  }

  async function update(actor: StaffActor, id: number, input: z.infer<typeof TopicUpdate>) {
    await checkCategory(actor.tenantId, input.category_id)
    const set: Partial<TopicValues> = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.keywords !== undefined ? { keywords: dedupe(input.keywords) } : {}),
      ...(input.is_active !== undefined ? { is_active: input.is_active } : {}),
    }
    if (!(await written(() => updateTopic(db, actor.tenantId, id, set, clock.now())))) throw notFound()
    return get(actor.tenantId, id)
  }

  /** Chats and messages lose the link (foreign keys set null); a message keeps its stored topic name. */
  async function remove(actor: StaffActor, id: number) {
    if (!(await deleteTopic(db, actor.tenantId, id))) throw notFound()
  }

  return { list, create, update, remove }
}

export type TopicService = ReturnType<typeof createTopicService>
