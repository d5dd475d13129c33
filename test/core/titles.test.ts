/** The version once on every surface, including for titles stored with their version in front. */
import { describe, expect, it } from 'vitest';
import { titleWithoutVersion, titleWithVersion } from '../../core/contract/titles.ts';

describe('titles and versions', () => {
  it('prefixes a title with its version once, whatever the stored title', () => {
    expect(titleWithVersion('Faster search', '10.4.0')).toBe('10.4.0: Faster search');
    expect(titleWithVersion('10.4.0: Faster search', '10.4.0')).toBe('10.4.0: Faster search');
    expect(titleWithVersion('v10.4.0 - Faster search', '10.4.0')).toBe('10.4.0: Faster search');
    expect(titleWithVersion('Faster search', null)).toBe('Faster search');
  });

  it('takes a leading version off for surfaces that show it apart, and nothing else', () => {
    expect(titleWithoutVersion('10.4.0: Faster search', '10.4.0')).toBe('Faster search');
    expect(titleWithoutVersion('10.4.0 — Faster search', '10.4.0')).toBe('Faster search');
    expect(titleWithoutVersion('10.4.0', '10.4.0')).toBe('10.4.0');
    expect(titleWithoutVersion('10.4.01 is out', '10.4.0')).toBe('10.4.01 is out');
    expect(titleWithoutVersion('Upgrade to 10.4.0: faster', '10.4.0')).toBe('Upgrade to 10.4.0: faster');
    expect(titleWithoutVersion('1.2.3: x', '1.2+3')).toBe('1.2.3: x');
  });
});
