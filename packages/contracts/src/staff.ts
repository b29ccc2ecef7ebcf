import { z } from 'zod'
import { QueryBool, TenantScope, Timestamp } from './common.js'
import { StaffUserType } from './auth.js'

/** A member of staff as admins see them (contract §13.1). */
export const Staff = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phonenumber: z.string().nullable(),
  profile_photo: z.string().nullable(),
  user_type: StaffUserType,
  is_active: z.boolean(),
  email_verified: z.boolean(),
  last_login_at: Timestamp.nullable(),
  open_chat_count: z.number().int(),
  resolved_chat_count: z.number().int(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Staff = z.infer<typeof Staff>

/** What employees see of their colleagues. */
export const StaffSummary = Staff.pick({
  id: true,
  username: true,
  first_name: true,
  last_name: true,
  user_type: true,
  is_active: true,
})
export type StaffSummary = z.infer<typeof StaffSummary>

export const StaffMember = z.union([Staff, StaffSummary])

export const StaffListQuery = TenantScope.extend({
  search: z.string().trim().max(100).optional(),
  user_type: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), StaffUserType).optional(),
  is_active: QueryBool.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
})

export const StaffUpdate = z.object({
  user_type: z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), StaffUserType).optional(),
  is_active: z.boolean().optional(),
})
export type StaffUpdate = z.infer<typeof StaffUpdate>
