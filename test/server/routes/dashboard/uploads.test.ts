/**
 * Image uploads (docs/api.md#images): the type is read from the bytes (PNG, JPEG, GIF, WebP), never
 * from the name or the Content-Type; SVG and anything else are 415; over 5 MiB is 413; the image is
 * served at its URL with a year's immutable cache, nosniff and `default-src 'none'`.
 */
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../../../helpers/build-server.ts';
import { useSignedInUser } from '../../../helpers/dashboard.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
/** A RIFF container whose form type and first chunk header are `form` (8 characters). */
const riff = (form: string) =>
  Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from(form), Buffer.alloc(18)]);
const WEBP = riff('WEBPVP8L');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);

const { server, owner } = useTestServer({}, { workers: false, plan: 'free' });
const user = useSignedInUser(server, () => [{ projectId: owner.project.id, role: 'contributor' }]);

const upload = (payload: Buffer | string, contentType = 'application/octet-stream') =>
  server.app.inject({
    method: 'POST',
    url: `/api/dashboard/projects/${owner.project.slug}/uploads`,
    headers: { ...user.headers, 'content-type': contentType },
    payload,
  });
const pathOf = (url: string) => new URL(url).pathname;

describe('uploading', () => {
  it.each([
    ['PNG', PNG, 'image/png', 'png'],
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['GIF', GIF, 'image/gif', 'gif'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])(
    'stores a %s whatever it is called, and serves it with its type and safe headers',
    async (_name, bytes, type, ext) => {
      // Sent with a lying Content-Type: what counts is the bytes.
      const res = await upload(bytes, 'text/html');
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.stringMatching(/^upl_/),
        url: `https://changelog.test/uploads/${body.id}.${ext}`,
        type,
        size: bytes.length,
      });
      expect(res.headers.location).toBe(body.url);

      const served = await server.app.inject(pathOf(body.url));
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    },
  );

  it('refuses SVG (415) whatever it claims to be, and anything else that is no image', async () => {
    for (const [payload, type] of [
      [SVG, 'image/svg+xml'],
      [SVG, 'image/png'],
      [Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/gif'],
      [Buffer.from('{"not": "an image"}'), 'application/json'],
      [Buffer.from('%PDF-1.7'), 'application/pdf'],
      // RIFF is a container of many formats: a WAVE or AVI file (or a WEBP form with no image chunk)
      // is no WebP image.
      [riff('WAVEfmt '), 'image/webp'],
      [riff('AVI LIST'), 'image/webp'],
      [riff('WEBPJUNK'), 'image/webp'],
    ] as const) {
      const res = await upload(payload, type);
      expect(res.statusCode, `${type}: ${payload.subarray(0, 20).toString()}`).toBe(415);
      expect(res.json().code).toBe('unsupported_media_type');
    }
    const [row] = await server.db
      .sql`select count(*)::int as n from uploads where media_type not like 'image/%'`;
    expect(row!.n).toBe(0);
  });

  it('takes 5 MiB, refuses one byte more (413), and an empty body (400)', async () => {
    const limit = 5 * 1024 * 1024;
    const big = Buffer.concat([PNG, Buffer.alloc(limit - PNG.length)]);
    expect((await upload(big, 'image/png')).statusCode).toBe(201);
    const over = await upload(Buffer.concat([big, Buffer.alloc(1)]), 'image/png');
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('payload_too_large');
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
  });
});

describe('serving', () => {
  it('is 404 for an unknown image or the wrong extension', async () => {
    const { url } = (await upload(PNG)).json();
    expect((await server.app.inject(pathOf(url).replace('.png', '.gif'))).statusCode).toBe(404);
    expect((await server.app.inject(pathOf(url).replace('.png', ''))).statusCode).toBe(404);
    expect((await server.app.inject('/uploads/upl_00000000000000000000000000.png')).statusCode).toBe(404);
    expect((await server.app.inject('/uploads/..%2f..%2fetc%2fpasswd')).statusCode).toBe(404);
  });

  it('needs no session (entries on public pages show the images)', async () => {
    const { url } = (await upload(GIF)).json();
    expect((await server.app.inject({ url: pathOf(url), headers: {} })).statusCode).toBe(200);
  });
});
