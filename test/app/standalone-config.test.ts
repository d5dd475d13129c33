/** The standalone App reads its own two variables, and names each one that is missing or wrong. */
import { describe, expect, it } from 'vitest';
import { loadStandaloneConfig } from '../../app/standalone-config.ts';

describe('loadStandaloneConfig', () => {
  it('reads the Shiplog server and key', () => {
    const key = `shl_${'a'.repeat(36)}`;
    expect(
      loadStandaloneConfig({ SHIPLOG_API_URL: 'https://changelog.example.com', SHIPLOG_API_KEY: key }),
    ).toEqual({
      url: 'https://changelog.example.com',
      key,
    });
  });

  it('names every missing or invalid variable, never echoing the key', () => {
    expect(() => loadStandaloneConfig({})).toThrow(
      /SHIPLOG_API_URL: is required; SHIPLOG_API_KEY: is required/,
    );
    let message = '';
    try {
      loadStandaloneConfig({ SHIPLOG_API_URL: 'ftp://x', SHIPLOG_API_KEY: 'secret-but-wrong' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(
      /SHIPLOG_API_URL: must be the http\(s\) URL.*SHIPLOG_API_KEY: must be a Shiplog API key/,
    );
    expect(message).not.toContain('secret-but-wrong');
  });
});
