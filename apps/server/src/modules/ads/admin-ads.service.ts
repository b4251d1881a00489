import type { AdminAdRow, AdminAdSavePayload } from '@tuzo/contracts';
import type { AppDeps } from '../../lib/deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isServedOrExternal } from '../../lib/media-files.ts';
import { saveAudited, setActiveAudited, type AuditedSubject, type OperatorStamp } from '../audit/index.ts';
import { selectAdForUpdate, selectAdPage, setAdActive, upsertAd } from './ad-catalogue.repository.ts';

/** The console's ad catalogue (`adminads`, `adminadsave`, `adminadretire` in admin-content). */
const AD: AuditedSubject = { noun: 'ad', action: 'ad', targetType: 'ad' };

/** One page of the catalogue, newest first, by status. */
export async function listAdCatalogue(
  deps: AppDeps,
  input: { page: number; limit: number; status?: 'active' | 'retired' | undefined },
) {
  const { rows, total } = await selectAdPage(deps.db, {
    status: input.status,
    limit: input.limit,
    offset: (input.page - 1) * input.limit,
  });
  return { rows, page: input.page, limit: input.limit, total };
}

/** Adds or edits an ad: its image is any link or a file this app serves; audited. */
export async function saveCatalogueAd(deps: AppDeps, input: AdminAdSavePayload & OperatorStamp): Promise<AdminAdRow> {
  if (!(await isServedOrExternal(deps, input.image_url)))
    throw new AppError('VALIDATION_FAILED', `No such file: ${input.image_url.slice(0, 100)}`);
  const values = { name: input.name, imageUrl: input.image_url, link: input.link ?? null, active: input.active };
  return saveAudited(deps, AD, {
    ...input,
    lock: selectAdForUpdate,
    write: (tx) => upsertAd(tx, input.id ?? null, values),
    targetId: (row) => row.id,
    audit: (before, after) => ({ before, after }),
  });
}

/** Retires or restores an ad (a retired one is no longer shown to members). */
export async function retireCatalogueAd(
  deps: AppDeps,
  input: { id: bigint; active: boolean } & OperatorStamp,
): Promise<AdminAdRow> {
  return setActiveAudited(deps, AD, { ...input, lock: selectAdForUpdate, write: setAdActive });
}
