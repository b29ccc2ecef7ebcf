import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  Address,
  AddressCreate,
  AddressUpdate,
  Id,
  IdParams,
  Metadata,
  TenantScope,
  MetadataCreate,
  MetadataListQuery,
  MetadataUpdate,
  Product,
  ProductCreate,
  ProductListQuery,
  ProductUpdate,
  listEnvelope,
} from '@proxima/contracts'
import { ADMIN, adminOf, staffOf } from '../../http/actor.js'
import type { RecordsService } from './records.service.js'

const admin = { roles: ADMIN }
const base = '/api/tenantmanagement'

/** Products, the billing address (seed spelling `/adress` served too) and metadata. */
export const recordsRoutes: FastifyPluginAsyncZod<{ records: RecordsService }> = async (
  app,
  { records: { products, address, metadata } },
) => {
  // ---- products ----
  let tags = ['products']
  app.get(
    `${base}/product/`,
    {
      schema: {
        tags,
        summary: 'List products',
        querystring: ProductListQuery,
        response: { 200: listEnvelope(Product) },
      },
    },
    (req) => products.list(staffOf(req), req.query),
  )
  app.get(
    `${base}/product/:id/`,
    {
      schema: {
        tags,
        summary: 'Get a product',
        params: IdParams,
        querystring: TenantScope,
        response: { 200: Product },
      },
    },
    (req) => products.get(staffOf(req), req.params.id),
  )
  app.post(
    `${base}/product/`,
    { schema: { tags, summary: 'Create a product', body: ProductCreate, response: { 201: Product } }, config: admin },
    async (req, reply) => {
      const p = await products.create(adminOf(req), req.body)
      return reply.status(201).header('Location', `${base}/product/${p.product_id}/`).send(p)
    },
  )
  app.patch(
    `${base}/product/:id/`,
    {
      schema: { tags, summary: 'Update a product', params: IdParams, body: ProductUpdate, response: { 200: Product } },
      config: admin,
    },
    (req) => products.update(adminOf(req), req.params.id, req.body),
  )
  app.delete(
    `${base}/product/:id/`,
    { schema: { tags, summary: 'Delete a product', params: IdParams }, config: admin },
    async (req, reply) => {
      await products.delete(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
  app.delete(
    `${base}/product/`,
    {
      schema: { tags, summary: 'Delete a product named by ?product_id=', querystring: z.object({ product_id: Id }) },
      config: admin,
    },
    async (req, reply) => {
      await products.delete(adminOf(req), req.query.product_id)
      return reply.status(204).send()
    },
  )

  // ---- address ----
  tags = ['address']
  for (const path of ['address', 'adress']) {
    const url = `${base}/${path}/`
    const alias = path === 'adress' ? { 'x-alias-of': `${base}/address/` } : {}
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Billing address (0 or 1 item)',
          querystring: TenantScope,
          response: { 200: listEnvelope(Address) },
          ...alias,
        },
      },
      (req) => address.list(staffOf(req)),
    )
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Create the billing address',
          body: AddressCreate,
          response: { 201: Address },
          ...alias,
        },
        config: admin,
      },
      async (req, reply) => {
        const a = await address.create(adminOf(req), req.body)
        return reply.status(201).header('Location', url).send(a)
      },
    )
    app.patch(
      url,
      {
        schema: {
          tags,
          summary: 'Update the billing address',
          body: AddressUpdate,
          response: { 200: Address },
          ...alias,
        },
        config: admin,
      },
      (req) => address.update(adminOf(req), undefined, req.body),
    )
    app.patch(
      `${url}:id/`,
      {
        schema: {
          tags,
          summary: 'Update the billing address',
          params: IdParams,
          body: AddressUpdate,
          response: { 200: Address },
          ...alias,
        },
        config: admin,
      },
      (req) => address.update(adminOf(req), req.params.id, req.body),
    )
    app.delete(
      url,
      { schema: { tags, summary: 'Delete the billing address', ...alias }, config: admin },
      async (req, reply) => {
        await address.delete(adminOf(req), undefined)
        return reply.status(204).send()
      },
    )
    app.delete(
      `${url}:id/`,
      { schema: { tags, summary: 'Delete the billing address', params: IdParams, ...alias }, config: admin },
      async (req, reply) => {
        await address.delete(adminOf(req), req.params.id)
        return reply.status(204).send()
      },
    )
  }

  // ---- metadata ----
  tags = ['metadata']
  app.get(
    `${base}/metadata/`,
    {
      schema: {
        tags,
        summary: 'List metadata',
        querystring: MetadataListQuery,
        response: { 200: listEnvelope(Metadata) },
      },
    },
    (req) => metadata.list(staffOf(req), req.query),
  )
  app.get(
    `${base}/metadata/:id/`,
    {
      schema: {
        tags,
        summary: 'Get a metadata entry',
        params: IdParams,
        querystring: TenantScope,
        response: { 200: Metadata },
      },
    },
    (req) => metadata.get(staffOf(req), req.params.id),
  )
  app.post(
    `${base}/metadata/`,
    {
      schema: { tags, summary: 'Create a metadata entry', body: MetadataCreate, response: { 201: Metadata } },
      config: admin,
    },
    async (req, reply) => {
      const m = await metadata.create(adminOf(req), req.body)
      return reply.status(201).header('Location', `${base}/metadata/${m.metadata_id}/`).send(m)
    },
  )
  app.patch(
    `${base}/metadata/:id/`,
    {
      schema: {
        tags,
        summary: 'Update a metadata value',
        params: IdParams,
        body: MetadataUpdate,
        response: { 200: Metadata },
      },
      config: admin,
    },
    (req) => metadata.update(adminOf(req), req.params.id, req.body.value),
  )
  app.delete(
    `${base}/metadata/:id/`,
    { schema: { tags, summary: 'Delete a metadata entry', params: IdParams }, config: admin },
    async (req, reply) => {
      await metadata.delete(adminOf(req), req.params.id)
      return reply.status(204).send()
    },
  )
}
