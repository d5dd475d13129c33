/**
 * The body of a route that takes no input: none, or `{}` (docs/api.md "Errors": input rules). Anything else
 * (`[]`, `{"secret": …}`) is `400 invalid`, so a caller who meant to send something learns that it is
 * not read, instead of the action happening as if it were.
 */
import { z } from 'zod';

export const NoBodySchema = z.strictObject({}).nullish();
