import type { ActionData, ActionPayload, AdminTriviaRow, AdminTriviaSaveInput } from '@tuzo/contracts';
import { callAction } from '@/lib/api-client';
import { useReloadingMutation } from '@/hooks/use-reloading-mutation';

/** The editors' writes that answer the saved row with the server's message. */
type ContentWrite =
  | 'adminadsave' // adds an ad (no id) or edits one
  | 'adminadretire' // `active: false` retires, `true` restores
  | 'adminvideosave'
  | 'adminvideoretire'
  | 'adminlessonsave'
  | 'admintimetablesave'
  | 'admintimetabledelete';

/** POST `action` with the payload as built: answers `{ msg, data }`, a refusal is thrown as an ApiError. */
function contentWrite<N extends ContentWrite>(action: N) {
  const send = callAction as (name: N, options: { payload: ActionPayload<N> }) => Promise<{ msg: string; data: ActionData<N> }>;
  return async (payload: ActionPayload<N>): Promise<{ msg: string; data: ActionData<N> }> => {
    const { msg, data } = await send(action, { payload });
    return { msg, data };
  };
}

export const saveAd = contentWrite('adminadsave');
export const retireAd = contentWrite('adminadretire');
export const saveVideo = contentWrite('adminvideosave');
export const retireVideo = contentWrite('adminvideoretire');
export const saveLesson = contentWrite('adminlessonsave');
export const saveTimetable = contentWrite('admintimetablesave');
export const deleteTimetable = contentWrite('admintimetabledelete');

/** POST admintriviasave: adds a question (no id) or edits one. */
export async function saveTrivia(payload: AdminTriviaSaveInput): Promise<AdminTriviaRow> {
  const { data } = await callAction('admintriviasave', {
    payload: { ...payload, id: payload.id === undefined ? undefined : String(payload.id) },
  });
  return data;
}

/** POST admintriviaretire: `active: false` retires the question, `true` restores it. */
export async function retireTrivia(payload: ActionPayload<'admintriviaretire'>): Promise<AdminTriviaRow> {
  const { data } = await callAction('admintriviaretire', { payload });
  return data;
}

/** A write of the editor of `list` (`['admin', list]`), which reloads once the write settles. */
function useContentWrite<Payload, Answer>(mutationFn: (payload: Payload) => Promise<Answer>, list: string) {
  return useReloadingMutation(mutationFn, [['admin', list]]);
}

export const useSaveAd = () => useContentWrite(saveAd, 'ads');
export const useRetireAd = () => useContentWrite(retireAd, 'ads');
export const useSaveVideo = () => useContentWrite(saveVideo, 'videos');
export const useRetireVideo = () => useContentWrite(retireVideo, 'videos');
export const useSaveLesson = () => useContentWrite(saveLesson, 'lessons');
export const useSaveTimetable = () => useContentWrite(saveTimetable, 'timetable');
export const useDeleteTimetable = () => useContentWrite(deleteTimetable, 'timetable');
export const useSaveTrivia = () => useContentWrite(saveTrivia, 'trivia');
export const useRetireTrivia = () => useContentWrite(retireTrivia, 'trivia');
