import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  Invitation,
  InvitationRequest,
  OffsetPagination,
  Staff,
  StaffMember,
  StaffUpdate,
  StaffUserType,
} from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { hasStatus } from '../../api/errors'
import { subscriptionKeys } from '../subscription/api'

type Pagination = z.infer<typeof OffsetPagination>
export type InvitationPage = { data: Invitation[]; pagination: Pagination | null }
export type InviteInput = Pick<InvitationRequest, 'email' | 'user_type'> &
  Partial<Pick<InvitationRequest, 'first_name' | 'last_name' | 'message'>>

/** A member as the list returns them: the full record for admins, names and role for employees. */
export type Member = z.infer<typeof StaffMember>
export type MemberPage = { data: Member[]; pagination: Pagination | null }
export type MemberFilters = { search: string; user_type: StaffUserType | ''; offset: number; limit: number }

/** Whether the member carries the admin-only fields (email, last sign-in…). */
export const isFullStaff = (member: Member): member is Staff => 'email' in member

export const memberName = (member: Pick<Member, 'first_name' | 'last_name' | 'username'>) =>
  [member.first_name, member.last_name].filter(Boolean).join(' ') || member.username

export const staffKeys = {
  all: ['staff'] as const,
  members: (filters: MemberFilters) => ['staff', 'members', filters] as const,
  invitations: (offset: number, limit: number) => ['staff', 'invitations', { offset, limit }] as const,
}

export const inviteMember = (body: InviteInput) => apiFetch<Invitation>('/api/auth/employee/', { method: 'POST', body })

export const fetchMembers = async (filters: MemberFilters, signal?: AbortSignal): Promise<MemberPage> => {
  const reply = await apiFetch<MemberPage>('/api/staff/', {
    query: {
      search: filters.search.trim(),
      user_type: filters.user_type,
      offset: filters.offset,
      limit: filters.limit,
    },
    ...(signal ? { signal } : {}),
  })
  return { data: reply.data ?? [], pagination: reply.pagination ?? null }
}

/** Invitations of the organization; a server without this list answers 404, shown as an empty list. */
export const fetchInvitations = async (
  offset: number,
  limit: number,
  signal?: AbortSignal,
): Promise<InvitationPage> => {
  try {
    const reply = await apiFetch<InvitationPage>('/api/staff/invitations/', {
      query: { offset, limit },
      ...(signal ? { signal } : {}),
    })
    return { data: reply.data ?? [], pagination: reply.pagination ?? null }
  } catch (error) {
    if (hasStatus(error, 404)) return { data: [], pagination: null }
    throw error
  }
}

export const updateMember = (id: number, body: StaffUpdate) =>
  apiFetch<Staff>(`/api/staff/${id}/`, { method: 'PATCH', body })

export const setMemberActive = (id: number, active: boolean) =>
  apiFetch<Staff>(`/api/staff/${id}/${active ? 'enable' : 'disable'}/`, { method: 'POST' })

export const resendInvitation = (id: number) =>
  apiFetch<Invitation>(`/api/staff/invitations/${id}/resend/`, { method: 'POST' })

export const revokeInvitation = (id: number) => apiFetch<void>(`/api/staff/invitations/${id}/`, { method: 'DELETE' })

export const useMembers = (filters: MemberFilters) =>
  useQuery({
    queryKey: staffKeys.members(filters),
    queryFn: ({ signal }) => fetchMembers(filters, signal),
    placeholderData: keepPreviousData,
  })

export const useInvitations = (offset: number, limit: number) =>
  useQuery({
    queryKey: staffKeys.invitations(offset, limit),
    queryFn: ({ signal }) => fetchInvitations(offset, limit, signal),
    placeholderData: keepPreviousData,
  })

/** Seats (staff and pending invitations) count toward the plan, so its usage is refreshed too. */
const useInvalidateStaff = () => {
  const client = useQueryClient()
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: staffKeys.all }),
      client.invalidateQueries({ queryKey: subscriptionKeys.all }),
    ])
}

export const useInviteMember = () => {
  const invalidate = useInvalidateStaff()
  return useMutation({ mutationFn: inviteMember, onSuccess: invalidate })
}

export const useChangeRole = () => {
  const invalidate = useInvalidateStaff()
  return useMutation({
    mutationFn: ({ id, user_type }: { id: number; user_type: StaffUserType }) => updateMember(id, { user_type }),
    onSuccess: invalidate,
  })
}

export const useSetMemberActive = () => {
  const invalidate = useInvalidateStaff()
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => setMemberActive(id, active),
    onSuccess: invalidate,
  })
}

export const useResendInvitation = () => {
  const invalidate = useInvalidateStaff()
  return useMutation({ mutationFn: resendInvitation, onSuccess: invalidate })
}

export const useRevokeInvitation = () => {
  const invalidate = useInvalidateStaff()
  return useMutation({ mutationFn: revokeInvitation, onSuccess: invalidate })
}
