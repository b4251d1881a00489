import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AdminTriviaImportDataSchema, AdminUploadDataSchema, TRIVIA_IMPORT_MAX_BYTES, UPLOAD_MAX_BYTES } from '@tuzo/contracts';
import type { FastifyInstance } from 'fastify';
import { sendEnvelope } from '../../http/envelope.ts';
import type { RouteDoc } from '../../http/route-docs.ts';
import { requireAccess } from '../../http/access.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { resolveBearer } from '../auth/index.ts';
import { writeAudit } from '../audit/index.ts';
import { UPLOADS_PREFIX, uploadsDir } from '../../lib/media-files.ts';
import { importTrivia } from '../trivia/index.ts';
import { sniffImageType } from './media-files.ts';

const EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The two routes as the API document lists them (route-docs.ts). */
export const ADMIN_CONTENT_ROUTE_DOCS: readonly RouteDoc[] = [
  {
    method: 'POST',
    path: '/api/admin/trivia/import',
    summary: 'Imports trivia questions from a CSV file (header question,option_a,option_b,option_c,option_d,correct).',
    access: 'operator',
    body: {
      contentTypes: ['text/csv', 'text/plain'],
      description: 'The CSV file as the body.',
      maxBytes: TRIVIA_IMPORT_MAX_BYTES,
    },
    answer: { data: AdminTriviaImportDataSchema },
  },
  {
    method: 'POST',
    path: '/api/admin/upload',
    summary: 'Uploads an ad image (PNG, JPEG or WebP, read from its first bytes) and answers its URL.',
    access: 'operator',
    body: {
      contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'application/octet-stream'],
      description: "The image's bytes as the body.",
      maxBytes: UPLOAD_MAX_BYTES,
    },
    answer: { data: AdminUploadDataSchema },
  },
];

/**
 * `POST /api/admin/trivia/import` with a `text/csv` body of at most 1 MB: the trivia CSV import. A route of its own
 * because the action endpoint's body limit (64 KB) would hold only a few hundred questions; the larger limit applies
 * to this route alone. Same access rule as the operator actions; answers the usual envelope.
 */
export async function registerAdminContentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'string', bodyLimit: TRIVIA_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.post('/api/admin/trivia/import', { bodyLimit: TRIVIA_IMPORT_MAX_BYTES }, async (request, reply) => {
      const operator = requireAccess('operator', await resolveBearer(deps, request.headers.authorization));
      if (typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as text/csv');
      const data = AdminTriviaImportDataSchema.parse(
        await importTrivia(deps, { csv: request.body, operatorId: operator.id, ip: request.ip }),
      );
      const msg = `${data.inserted} ${data.inserted === 1 ? 'question' : 'questions'} added, ${data.rejected.length} ${data.rejected.length === 1 ? 'row' : 'rows'} rejected`;
      return sendEnvelope(reply, { status: 200, msg, data });
    });
  });
  await registerUploadRoute(app, deps);
}

/**
 * `POST /api/admin/upload` with the image's bytes as the body (any content type; at most 512 KB): the type is read
 * from the first bytes (PNG, JPEG or WebP; SVG is refused, it can carry script), the file stored in the data folder
 * under a random name and served under /media/uploads/. Answers `{ url }` for an ad's image; audited.
 */
async function registerUploadRoute(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const dir = uploadsDir(deps);
  await mkdir(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    serve: true,
    setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/api/admin/upload', { bodyLimit: UPLOAD_MAX_BYTES }, async (request, reply) => {
      const operator = requireAccess('operator', await resolveBearer(deps, request.headers.authorization));
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', 'Send the image file as the request body');
      const type = sniffImageType(bytes);
      if (type === null)
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a PNG, JPEG or WebP image (SVG and other files are refused)');
      const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
      await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
      const data = AdminUploadDataSchema.parse({ url: `${UPLOADS_PREFIX}${name}`, bytes: bytes.length, type });
      await writeAudit(deps.db, {
        actorId: operator.id,
        action: 'media.upload',
        targetType: 'media',
        targetId: name,
        after: data,
        ip: request.ip,
      });
      return sendEnvelope(reply, { status: 200, msg: 'Image uploaded', data });
    });
  });
}
