/** What to tell a maintainer when the step fails: the cause and what to do about it. */
import { ShiplogApiError } from './shiplog-client.ts';

export function explainFailure(err: unknown): string {
  if (!(err instanceof ShiplogApiError)) return (err as Error)?.message ?? String(err);
  switch (err.code) {
    case 'unauthorized':
      return 'Shiplog rejected the API key (401). Check the api-key input: it must be a live key of the project (create one with `shiplog keys create <project>`), stored as a repository secret.';
    case 'upgrade_required':
      return 'The Shiplog project is on the free plan, which does not include the API (402). Upgrade it to pro or business.';
    case 'quota_exceeded':
      return `The project's AI draft quota for this month is used up (402): ${err.problem?.detail ?? ''} Upgrade the plan, wait for the 1st (UTC), or let the server draft offline.`;
    case 'ai_unavailable':
      return 'Shiplog could not reach its AI provider (503). Re-run this job later.';
    case 'generation_failed':
      return 'The AI could not produce a usable draft for this range (502). Re-run the job, or write the entry by hand.';
    case 'rate_limited':
      return 'Shiplog rate-limited this API key (429) even after waiting. Re-run the job in a minute.';
    case 'invalid':
      return `Shiplog rejected the request (400): ${err.problem?.detail ?? err.message}`;
    default:
      return `Shiplog failed (${err.status || 'no answer'}): ${err.message}`;
  }
}
