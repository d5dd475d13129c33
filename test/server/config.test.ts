import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../server/config.ts';

describe('loadConfig', () => {
  it('applies the contract defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://127.0.0.1:3000',
      databaseUrl: undefined,
      dataDir: './.shiplog',
      logLevel: 'info',
      trustProxy: false,
      renderTimeoutMs: 2000,
      allowPrivateDestinations: false,
      apiRateLimitPerMinute: 600,
      redisUrl: undefined,
      redisPrefix: 'shiplog:',
      smtpUrl: undefined,
      mailFrom: 'Shiplog <no-reply@127.0.0.1>',
      mailFromDefaulted: true,
      ai: {
        provider: 'offline',
        apiKey: undefined,
        baseUrl: undefined,
        model: 'gpt-4o-mini',
        timeoutMs: 60_000,
        maxRetries: 2,
        maxInputTokens: 24_000,
        monthlyQuota: { pro: 200, business: 2000 },
      },
      github: null,
    });
  });

  it('turns the GitHub App on with all of its settings, and names the missing ones otherwise', () => {
    const pem = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const github = loadConfig({
      APP_ID: '42',
      PRIVATE_KEY: pem.replaceAll('\n', '\\n'),
      WEBHOOK_SECRET: 's3cret',
      GITHUB_API_URL: 'https://ghe.example.com/api/v3/',
    }).github;
    expect(github).toEqual({
      appId: '42',
      privateKey: pem,
      webhookSecret: 's3cret',
      apiUrl: 'https://ghe.example.com/api/v3',
    });
    expect(() => loadConfig({ APP_ID: '42' })).toThrow(
      /PRIVATE_KEY: is required.*WEBHOOK_SECRET: is required/,
    );
    expect(() => loadConfig({ WEBHOOK_SECRET: 'x' })).toThrow(/APP_ID: is required/);
    expect(() => loadConfig({ APP_ID: '42', WEBHOOK_SECRET: 'x', PRIVATE_KEY: 'not a key' })).toThrow(
      /PRIVATE_KEY: .*could not be validated/,
    );
    expect(() =>
      loadConfig({ APP_ID: '42', WEBHOOK_SECRET: 'x', PRIVATE_KEY_PATH: '/nonexistent/app.pem' }),
    ).toThrow(/PRIVATE_KEY: .*does not exist/);
  });

  it('chooses the drafter: openai with a key, SHIPLOG_AI overriding, and a key required for openai', () => {
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x' }).ai.provider).toBe('openai');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', SHIPLOG_AI: 'offline' }).ai.provider).toBe('offline');
    expect(loadConfig({ SHIPLOG_AI: 'off' }).ai.provider).toBe('off');
    expect(() => loadConfig({ SHIPLOG_AI: 'openai' })).toThrow(
      /OPENAI_API_KEY: is required when SHIPLOG_AI=openai/,
    );
    expect(() => loadConfig({ SHIPLOG_AI_QUOTA_PRO: '-1', OPENAI_BASE_URL: 'nope' })).toThrow(
      /SHIPLOG_AI_QUOTA_PRO.*OPENAI_BASE_URL|OPENAI_BASE_URL.*SHIPLOG_AI_QUOTA_PRO/,
    );
  });

  it('reads every variable, treating empty strings as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '::1',
      PUBLIC_URL: 'https://changelog.example.com/',
      DATABASE_URL: 'postgres://u@db:5432/shiplog',
      SHIPLOG_DATA_DIR: '',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://changelog.example.com');
    expect(config.dataDir).toBe('./.shiplog');
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:3000');
    // A hop count or `true` lets a direct client pick its own address: refused, naming the fix.
    for (const unsafe of ['1', '2', 'true'])
      expect(() => loadConfig({ TRUST_PROXY: unsafe })).toThrow(
        /TRUST_PROXY: .* list the proxies' addresses or CIDR blocks/,
      );
  });

  it('lists every bad variable by name in one error', () => {
    const attempt = () =>
      loadConfig({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'ftp://x',
        TRUST_PROXY: 'not-an-ip',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'TRUST_PROXY', 'LOG_LEVEL'])
        expect(message).toContain(`${name}:`);
    }
  });
});

describe('docs/configuration.md', () => {
  it('lists every variable the config module reads, and no other', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8');
    const section = page.slice(page.indexOf('# Configuration'), page.indexOf('\n## CLI'));
    const documented = new Set(
      section
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!)),
    );
    expect([...documented].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
