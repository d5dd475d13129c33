/**
 * Passwords: changing one while signed in (every other session ends), and the emailed reset (the
 * request is answered the same for any address; the link's token sets a new one).
 */
import { useMutation } from '@tanstack/react-query';
import { api } from './client.ts';

/** POST /api/dashboard/password. */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: { current: string; password: string }) =>
      api('/api/dashboard/password', { method: 'POST', body }),
  });

/** POST /api/dashboard/password-reset: email a reset link, if an account uses the address. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (body: { email: string }) => api('/api/dashboard/password-reset', { method: 'POST', body }),
  });

/** POST /api/dashboard/password-reset/confirm: the link's token and the new password. */
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      api('/api/dashboard/password-reset/confirm', { method: 'POST', body }),
  });
