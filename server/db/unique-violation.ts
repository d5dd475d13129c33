/** PostgreSQL's unique_violation (SQLSTATE 23505), from the driver's typed error. */
import postgres from 'postgres';

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof postgres.PostgresError && err.code === '23505';
}
