import { AdminTriviaImportDataSchema, TRIVIA_IMPORT_MAX_BYTES } from '@tuzo/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendEnvelope } from '../../actions/endpoint.ts';
import type { AuthMember } from '../../actions/types.ts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { resolveBearer } from '../auth/session.service.ts';
import { importTrivia } from './trivia-bank.service.ts';

/**
 * `POST /api/admin/trivia/import` with a `text/csv` body of at most 1 MB: the trivia CSV import. A route of its own
 * because the action endpoint's body limit (64 KB) would hold only a few hundred questions; the larger limit applies
 * to this route alone. Same access rule as the operator actions; answers the usual envelope.
 */
export async function registerAdminContentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: TRIVIA_IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.post('/api/admin/trivia/import', { bodyLimit: TRIVIA_IMPORT_MAX_BYTES }, async (request, reply) => {
      const operator = await requireOperator(deps, request);
      if (typeof request.body !== 'string') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the CSV file as text/csv');
      const data = AdminTriviaImportDataSchema.parse(await importTrivia(deps, { csv: request.body, operatorId: operator.id, ip: request.ip }));
      const msg = `${data.inserted} ${data.inserted === 1 ? 'question' : 'questions'} added, ${data.rejected.length} ${data.rejected.length === 1 ? 'row' : 'rows'} rejected`;
      return sendEnvelope(reply, { status: 200, msg, data });
    });
  });
}

async function requireOperator(deps: AppDeps, request: FastifyRequest): Promise<AuthMember> {
  const member = await resolveBearer(deps, request.headers.authorization);
  if (!member) throw new AppError('UNAUTHORIZED', 'Please login to continue');
  if (member.status === 'suspended') throw new AppError('UNAUTHORIZED', 'Your account has been suspended');
  if (member.role !== 'operator') throw new AppError('FORBIDDEN', 'Operators only');
  // Staff need two-factor sign-in for every staff action (docs/decisions/015-staff-roles-and-totp.md).
  if (!member.isTotpEnrolled) throw new AppError('TOTP_ENROLMENT_REQUIRED', 'Turn on two-factor sign-in (an authenticator app) before using staff actions');
  return member;
}
