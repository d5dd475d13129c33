/**
 * This instance's worker of the account-email queue: each job makes its link and sends its email
 * (reset-password.ts, manage-members.ts). A job that throws is retried on the queue's schedule.
 */
import type { ServiceContext } from '../context.ts';
import { ACCOUNT_EMAIL_QUEUE, type AccountEmailJob } from './account-email-queue.ts';
import { sendInvitation } from './manage-members.ts';
import { sendPasswordReset } from './reset-password.ts';

export async function startAccountEmailWorker(ctx: ServiceContext): Promise<void> {
  await ctx.jobs.boss.work<AccountEmailJob>(
    ACCOUNT_EMAIL_QUEUE,
    { pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      if (job.data.kind === 'password-reset') await sendPasswordReset(ctx, job.data.email);
      else await sendInvitation(ctx, job.data.invitationId);
    },
  );
}
