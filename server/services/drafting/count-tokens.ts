/**
 * Counting tokens the way the models we prompt do (o200k_base, gpt-tokenizer): fitting a prompt to
 * its budget, and the input a provider did not report.
 */

/** The number of o200k_base tokens in `text`. */
export type CountTokens = (text: string) => number;

let tokenizer: Promise<CountTokens> | undefined;

/** gpt-tokenizer's o200k_base counter, loaded once, on first use (its tables are large). */
export function loadTokenizer(): Promise<CountTokens> {
  tokenizer ??= import('gpt-tokenizer').then((m) => m.countTokens);
  return tokenizer;
}
