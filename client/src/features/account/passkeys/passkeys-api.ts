import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { Passkey } from '../../../../../common/members/account';
import type { CurrentUser } from '../../../../../common/members/users';
import { apiRequest } from '../../../lib/api';
import { currentUserQueryKey, passkeyKeys } from '../../../lib/query-keys';

export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.all,
    queryFn: ({ signal }) => apiRequest<Passkey[]>('/api/users/me/passkeys', { signal }),
  });
}

/**
 * How the member shows it is them when adding a passkey: the current password, a passkey they
 * already have (the browser asks it to answer a sign-in challenge), or a mailed link's token.
 */
export type PasskeyProof =
  { currentPassword: string } | { existingPasskey: true } | { emailToken: string };

async function proofBody(proof: PasskeyProof): Promise<Record<string, unknown>> {
  if (!('existingPasskey' in proof)) return proof;
  const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
    '/api/auth/passkeys/login/options',
    { method: 'POST' },
  );
  return { assertion: await startAuthentication({ optionsJSON }) };
}

/** Asks the browser (or phone, or key) to make a passkey for this site, then keeps it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, proof }: { name: string; proof: PasskeyProof }) => {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>(
        '/api/auth/passkeys/register/options',
        { method: 'POST', body: await proofBody(proof) },
      );
      const response = await startRegistration({ optionsJSON });
      return apiRequest<Passkey>('/api/auth/passkeys/register', {
        method: 'POST',
        body: { name, response },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** For a member with neither a password nor a passkey: a link to their address proves it is them. */
export function useMailPasskeyLink() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ message: string }>('/api/auth/passkeys/register/link', { method: 'POST' }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest<Passkey>(`/api/users/me/passkeys/${id}`, { method: 'PATCH', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<void>(`/api/users/me/passkeys/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.all }),
  });
}

/** Signs in with a passkey the browser offers; the account is the passkey's. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>(
        '/api/auth/passkeys/login/options',
        { method: 'POST' },
      );
      const response = await startAuthentication({ optionsJSON });
      return apiRequest<CurrentUser>('/api/auth/passkeys/login', {
        method: 'POST',
        body: { response },
      });
    },
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] !== currentUserQueryKey[0],
      });
    },
  });
}
