import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Invitation, InvitationRequest, OffsetPagination } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'
import { hasStatus } from '../../api/errors'

export type InvitationPage = { data: Invitation[]; pagination: z.infer<typeof OffsetPagination> | null }
export type InviteInput = Pick<InvitationRequest, 'email' | 'user_type'> &
  Partial<Pick<InvitationRequest, 'first_name' | 'last_name' | 'message'>>

export const staffKeys = {
  all: ['staff'] as const,
  invitations: (offset: number, limit: number) => ['staff', 'invitations', { offset, limit }] as const,
}

export const inviteMember = (body: InviteInput) => apiFetch<Invitation>('/api/auth/employee/', { method: 'POST', body })

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

export const useInvitations = (offset: number, limit: number) =>
  useQuery({
    queryKey: staffKeys.invitations(offset, limit),
    queryFn: ({ signal }) => fetchInvitations(offset, limit, signal),
    placeholderData: keepPreviousData,
  })

export const useInviteMember = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  })
}
