import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChangePasswordRequest, Profile, ProfileUpdate } from '@proxima/contracts'
import type { z } from 'zod'
import { apiFetch } from '../../api/client'

export const profileKeys = { me: ['profile', 'me'] as const }

export const useProfile = () =>
  useQuery({ queryKey: profileKeys.me, queryFn: ({ signal }) => apiFetch<Profile>('/api/auth/me/', { signal }) })

export const useUpdateProfile = () => {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => apiFetch<Profile>('/api/auth/me/', { method: 'PATCH', body: changes }),
    onSuccess: (profile) => client.setQueryData(profileKeys.me, profile),
  })
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: z.infer<typeof ChangePasswordRequest>) =>
      apiFetch<{ message: string }>('/api/auth/changepassword/', { method: 'POST', body }),
  })
